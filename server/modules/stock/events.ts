/** The stock area's name for the shared event writer; deliveries still imports it from here. */
export { recordEvents, type ActivityEvent as StockEvent } from '../events';
