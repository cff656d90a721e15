/** The invoices area's public face. */
export { invoiceRoutes } from './routes';
