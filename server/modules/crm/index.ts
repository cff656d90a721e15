/** The customer area's public face (the web's crm feature; the API's /clients). */
export { clientRoutes } from './routes';
export { importColumns as addressImportColumns } from './addresses';
