/**
 * Every remote injects its RTK Query endpoints into the one shared API slice, where names share
 * one namespace: a second remote injecting `getProducts` is silently ignored (or, with
 * `overrideExisting`, replaces the first one's). Prefixing each name with the remote that owns it
 * keeps the namespace partitioned, and the generated hooks (`useCatalogGetProductsQuery`) say
 * which remote a component is talking through.
 */

/** The object literal an `endpoints: (build) => ({ ... })` option returns, if it is written as one. */
function returnedObject(fn) {
  if (fn.type !== 'ArrowFunctionExpression' && fn.type !== 'FunctionExpression') return undefined;
  if (fn.body.type === 'ObjectExpression') return fn.body;
  if (fn.body.type !== 'BlockStatement') return undefined;
  const returned = fn.body.body.find((statement) => statement.type === 'ReturnStatement');
  return returned?.argument?.type === 'ObjectExpression' ? returned.argument : undefined;
}

function staticKey(property) {
  if (property.computed)
    return property.key.type === 'Literal' && typeof property.key.value === 'string' ? property.key.value : undefined;
  if (property.key.type === 'Identifier') return property.key.name;
  if (property.key.type === 'Literal' && typeof property.key.value === 'string') return property.key.value;
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
export const endpointPrefix = {
  meta: {
    type: 'problem',
    docs: { description: "Names of the endpoints a remote injects into the shared API start with the remote's name." },
    schema: [
      {
        type: 'object',
        properties: { prefix: { type: 'string', pattern: '^[a-z][A-Za-z0-9]*$' } },
        required: ['prefix'],
        additionalProperties: false,
      },
    ],
    messages: {
      unprefixed:
        'Endpoint "{{name}}" is injected by the {{prefix}} remote: name it "{{suggestion}}" (the remote\'s name, then a capital).',
      dynamic: 'Endpoint names injected by a remote are written out, so their {{prefix}} prefix can be checked.',
      opaque: 'Write `endpoints` as `(build) => ({ ... })` so the names this remote injects can be checked.',
    },
  },
  create(context) {
    const { prefix } = context.options[0];
    const pattern = new RegExp(`^${prefix}[A-Z0-9]`);
    const checkObject = (object) => {
      for (const property of object.properties) {
        if (property.type !== 'Property') {
          context.report({ node: property, messageId: 'dynamic', data: { prefix } });
          continue;
        }
        const name = staticKey(property);
        if (name === undefined) {
          context.report({ node: property.key, messageId: 'dynamic', data: { prefix } });
        } else if (!pattern.test(name)) {
          const suggestion = `${prefix}${name.charAt(0).toUpperCase()}${name.slice(1)}`;
          context.report({ node: property.key, messageId: 'unprefixed', data: { name, prefix, suggestion } });
        }
      }
    };
    return {
      'CallExpression[callee.type="MemberExpression"][callee.property.name="injectEndpoints"]'(call) {
        const options = call.arguments[0];
        if (options?.type !== 'ObjectExpression') {
          if (options) context.report({ node: options, messageId: 'opaque' });
          return;
        }
        const endpoints = options.properties.find(
          (property) => property.type === 'Property' && staticKey(property) === 'endpoints',
        );
        if (!endpoints) return;
        const object = returnedObject(endpoints.value);
        if (object) checkObject(object);
        else context.report({ node: endpoints.value, messageId: 'opaque' });
      },
    };
  },
};
