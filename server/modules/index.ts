import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth/routes';

/** Every area's routes, mounted under /api. */
export const apiModules: FastifyPluginAsync[] = [authRoutes];
