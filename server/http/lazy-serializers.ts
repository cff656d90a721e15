import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

const fastifyDefault = SerializerSelector();

/**
 * Fastify's own response serializers (fast-json-stringify), each compiled with its route's first
 * answer instead of all at start-up: compiling every route's schema took about a second of each start.
 */
export const lazySerializers: typeof fastifyDefault = (externalSchemas, options) => {
  const compile = fastifyDefault(externalSchemas, options);
  return (route) => {
    let serialize: ReturnType<typeof compile> | undefined;
    return (doc) => (serialize ??= compile(route))(doc);
  };
};
