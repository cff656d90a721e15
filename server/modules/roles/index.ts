/** The roles area's public face: its routes, the grant rules the users area applies, the standard roles. */
export { roleRoutes } from './routes';
export { assertMayGrant, isLastSuperuser, lockSuperuserRole, superuserIds } from './grants';
export { createStandardRoles } from './standard';
