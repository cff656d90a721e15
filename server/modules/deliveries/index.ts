/** The deliveries area's public face: its routes, and what the repairs and customer areas build on. */
export { deliveryRootRoutes, deliveryRoutes } from './routes';
export { fieldworkRoutes } from './fieldwork-routes';
export { deliveryLines } from './detail';
export { deliveryInScope } from './rows';
export { assertSuperuser } from './remarks';
export { createEndUserDelivery, newClientCommand, parseNewClient } from './end-user';
