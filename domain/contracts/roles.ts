/** Answers of the role calls (spec 2 §2.13, §7 "Users and roles"), shared by server and web. */
import * as v from 'valibot';
import { pagedSchema } from '../paged';
import { idName, nullableString } from './wire';

const roleRowFields = {
  id: v.number(),
  name: v.string(),
  description: nullableString,
  /** Holders the signed-in user can see; `users` is the same number under the spec's name. */
  users_count: v.number(),
  users: v.number(),
  /** Whether the signed-in user may change and delete it (not a template from above, nor Superuser for others). */
  editable: v.boolean(),
};
const roleListRowSchema = v.object(roleRowFields);
export type RoleListRow = v.InferOutput<typeof roleListRowSchema>;
/** GET /roles. */
export const roleListSchema = pagedSchema(roleListRowSchema);

/** GET /roles/{id}: the role with its rights. */
export const roleDetailSchema = v.object({ ...roleRowFields, is_superuser: v.boolean(), permissions: v.array(idName) });
export type RoleDetail = v.InferOutput<typeof roleDetailSchema>;

/** POST /roles, PUT /roles/{id}, POST /roles/{id}/permissions: the toast text and the role as it is now. */
export const roleCommandAnswerSchema = v.object({ message: v.string(), data: roleDetailSchema });
