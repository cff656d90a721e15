import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth/routes';
import { clientRoutes } from './crm/routes';
import { statisticsRoutes } from './dashboard/routes';
import { stockRoutes } from './stock/routes';
import { userRoutes } from './users/routes';
import { roleRoutes } from './roles/routes';
import { contactRoutes } from './contacts/routes';
import { preNotificationRoutes } from './prenotifications/routes';
import { eolRoutes } from './eol/routes';
import { deliveryRootRoutes, deliveryRoutes } from './deliveries/routes';
import { fieldworkRoutes } from './deliveries/fieldwork-routes';
import { repairRoutes } from './repairs/routes';
import { invoiceRoutes } from './invoices/routes';
import { mailRoutes } from './mail/routes';

/** Every area's routes, mounted under /api. */
export const apiModules: FastifyPluginAsync[] = [
  authRoutes,
  clientRoutes,
  statisticsRoutes,
  userRoutes,
  roleRoutes,
  contactRoutes,
  stockRoutes,
  preNotificationRoutes,
  eolRoutes,
  deliveryRoutes,
  fieldworkRoutes,
  repairRoutes,
  invoiceRoutes,
  mailRoutes,
];

/** Routes the spec places outside /api (the shipping label); they declare their access like every route. */
export const rootModules: FastifyPluginAsync[] = [deliveryRootRoutes];
