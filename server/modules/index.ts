import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth/routes';
import { clientRoutes } from './clients/routes';
import { statisticsRoutes } from './statistics/routes';

/** Every area's routes, mounted under /api. */
export const apiModules: FastifyPluginAsync[] = [authRoutes, clientRoutes, statisticsRoutes];
