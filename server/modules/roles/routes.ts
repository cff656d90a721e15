import type { FastifyPluginAsync } from 'fastify';
import { rolePermissionsSchema, roleSchema } from '@domain/schemas/roles';
import { currentUser, right } from '../../http/access';
import { runCommand } from '../../http/command';
import { idParam, parse } from '../../http/errors';
import { listParams } from '../../http/list-params';
import { assertMayChangeRole, createRole, deleteRole, setRolePermissions, updateRole } from './commands';
import { listRoles } from './lists';
import { roleDetail } from './detail';
import { idParams, routeSchema, schemas } from '../../http/route-schema';
import { listQuerySchema } from '@domain/schemas/paging';
import { roleCommandAnswerSchema, roleDetailSchema, roleListSchema } from '@domain/contracts/roles';

/** A command that answers with the role as it is now (201 when it made one). */
const command = { 200: roleCommandAnswerSchema, 201: roleCommandAnswerSchema };

/** Roles and rights (spec 2 §2.13, §7 "Users and roles"); who may grant what: ./grants.ts. */
export const roleRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;
  const view = { config: { access: right('Rol bekijken') } };
  const change = { config: { access: right('Rol wijzigen') } };

  app.get(
    '/roles',
    { ...view, schema: routeSchema({ querystring: listQuerySchema, response: { 200: roleListSchema } }) },
    async (request) => listRoles(db, currentUser(request), listParams(request.query), '/api/roles'),
  );

  app.get(
    '/roles/:id',
    { ...view, schema: routeSchema({ params: idParams('id'), response: { 200: roleDetailSchema } }) },
    async (request) => roleDetail(db, currentUser(request), idParam(request.params)),
  );

  app.post(
    '/roles',
    { config: { access: right('Rol aanmaken') }, schema: routeSchema({ body: roleSchema, response: command }) },
    async (request, reply) => {
      const actor = currentUser(request);
      const input = parse(roleSchema, request.body);
      return runCommand(db, request, reply, async (trx) => {
        const id = await createRole(trx, actor, input);
        return { status: 201, body: { message: 'De rol is aangemaakt', data: await roleDetail(trx, actor, id) } };
      });
    },
  );

  app.put(
    '/roles/:id',
    { ...change, schema: routeSchema({ params: idParams('id'), body: roleSchema, response: command }) },
    async (request, reply) => {
      const actor = currentUser(request);
      const id = idParam(request.params);
      const input = parse(roleSchema, request.body);
      return runCommand(db, request, reply, async (trx) => {
        await assertMayChangeRole(trx, actor, id);
        await updateRole(trx, actor, id, input);
        return { body: { message: 'De rol is gewijzigd', data: await roleDetail(trx, actor, id) } };
      });
    },
  );

  app.delete(
    '/roles/:id',
    { config: { access: right('Rol verwijderen') }, schema: schemas.messageById },
    async (request, reply) => {
      const actor = currentUser(request);
      const id = idParam(request.params);
      return runCommand(db, request, reply, async (trx) => {
        await assertMayChangeRole(trx, actor, id);
        const role = await deleteRole(trx, actor, id);
        return { body: { message: `Rol ${role.name} is verwijderd.` } };
      });
    },
  );

  app.post(
    '/roles/:id/permissions',
    { ...change, schema: routeSchema({ params: idParams('id'), body: rolePermissionsSchema, response: command }) },
    async (request, reply) => {
      const actor = currentUser(request);
      const id = idParam(request.params);
      const input = parse(rolePermissionsSchema, request.body);
      return runCommand(db, request, reply, async (trx) => {
        await assertMayChangeRole(trx, actor, id);
        await setRolePermissions(trx, actor, id, input.permissions);
        return { body: { message: 'De rechten zijn opgeslagen bij deze rol', data: await roleDetail(trx, actor, id) } };
      });
    },
  );
};
