/** The pre-notification area's public face: its routes and the serials the check-out reads. */
export { preNotificationRoutes } from './routes';
export { takenSerials } from './checkin';
