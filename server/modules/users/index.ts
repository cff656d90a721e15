/** The users area's public face: its routes and the account rules the contacts area shares. */
export { userRoutes } from './routes';
export { assertEmailFree, assertMayChangeAccount, assertMayManage } from './guards';
export { removeAccount, setUserRoles } from './commands';
