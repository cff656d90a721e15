import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth';
import { clientRoutes } from './crm';
import { statisticsRoutes } from './dashboard';
import { stockRoutes } from './stock';
import { userRoutes } from './users';
import { roleRoutes } from './roles';
import { contactRoutes } from './contacts';
import { preNotificationRoutes } from './prenotifications';
import { eolRoutes } from './eol';
import { deliveryRootRoutes, deliveryRoutes, fieldworkRoutes } from './deliveries';
import { repairRoutes } from './repairs';
import { invoiceRoutes } from './invoices';
import { mailRoutes } from './mail';

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
