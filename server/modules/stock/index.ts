/** The stock area's public face: its routes, a customer's stock parts, the unique-serial constraint, groups. */
export { stockRoutes } from './routes';
export { stockOfClient } from './client-stock';
export { SERIAL_UNIQUE } from './item-commands';
export { createStandardProductGroups } from './product-groups';
