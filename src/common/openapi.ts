import type { INestApplication } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { AppConfig } from '../config/app-config';
import { ACCESS_KEY, type Access, ROLES_KEY } from '../modules/auth/auth.decorators';

/** Where the document is served outside production (the UI, and the raw JSON beside it). */
export const OPENAPI_UI_PATH = 'api/docs';
export const OPENAPI_JSON_PATH = 'api/docs.json';

type Operation = NonNullable<OpenAPIObject['paths'][string]['get']>;
type Method = 'get' | 'put' | 'post' | 'delete' | 'patch' | 'options' | 'head';
const METHODS: Method[] = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'];
const SAFE_METHODS = new Set<Method>(['get', 'head', 'options']);

interface RouteAccess {
  access: Access;
  roles: string[];
}

/**
 * Who may call each handler, keyed like the document's operation ids (`Controller_method`), read from the same
 * metadata the global AuthGuard reads (handler first, then its controller), so the document cannot drift from it.
 */
function accessByOperation(app: INestApplication): Map<string, RouteAccess> {
  const found = new Map<string, RouteAccess>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!controller) continue;
      const proto = controller.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(proto)) {
        const handler = proto[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const read = <T>(key: string): T | undefined =>
          Reflect.getMetadata(key, handler) ?? Reflect.getMetadata(key, controller);
        found.set(`${controller.name}_${name}`, {
          access: read<Access>(ACCESS_KEY) ?? 'user',
          roles: read<string[]>(ROLES_KEY) ?? [],
        });
      }
    }
  }
  return found;
}

const errorRef = { $ref: '#/components/schemas/ErrorAnswer' };
const validationRef = { $ref: '#/components/schemas/ValidationErrorAnswer' };
const jsonOf = (schema: object, description: string) => ({ description, content: { 'application/json': { schema } } });

/** The answers every route can give because of the shared plumbing (guard, CSRF, UuidPipe, validation pipe). */
function addSharedAnswers(method: Method, path: string, operation: Operation, rule: RouteAccess | undefined): void {
  const responses = operation.responses as Record<string, unknown>;
  const add = (status: string, body: object) => (responses[status] ??= body);
  const signedIn = rule ? rule.access === 'user' || rule.access === 'verified' : true;
  if (signedIn) add('401', jsonOf(errorRef, 'Not signed in.'));
  if (rule?.access === 'verified' || rule?.roles.length || path.includes('{'))
    add('403', jsonOf(errorRef, 'Signed in, but not allowed (the message says why).'));
  if (path.includes('{')) add('404', jsonOf(errorRef, 'Unknown or malformed id.'));
  if (!SAFE_METHODS.has(method)) add('419', jsonOf(errorRef, 'Anti-forgery token (X-XSRF-TOKEN) missing or wrong.'));
  if (!SAFE_METHODS.has(method) || operation.parameters?.some((p) => 'in' in p && p.in === 'query'))
    add('422', jsonOf(validationRef, 'Invalid input: one message list per field.'));
}

/**
 * Who may call an operation, in OpenAPI terms: the session cookie for signed-in routes, the anti-forgery header on
 * every state-changing request (public ones too), `{}` (anonymous) where neither applies.
 */
function securityOf(method: Method, rule: RouteAccess | undefined): Array<Record<string, string[]>> {
  const requirement: Record<string, string[]> = {};
  if (!rule || rule.access === 'user' || rule.access === 'verified') requirement.session = [];
  if (!SAFE_METHODS.has(method)) requirement.xsrf = [];
  return [requirement];
}

/**
 * The OpenAPI document of every `/api` route: paths, parameters and request bodies from the controllers and their
 * DTOs (the @nestjs/swagger CLI plugin adds the DTO properties at build time), plus the answers and security that
 * the shared plumbing gives every route, so controllers need no swagger decorators for them.
 */
export function buildOpenApiDocument(app: INestApplication, config: Pick<AppConfig, 'appName' | 'session'>) {
  const builder = new DocumentBuilder()
    .setTitle(`${config.appName} API`)
    .setDescription(
      'JSON API of the web app. Sign in through the web login (the session cookie), then send the XSRF-TOKEN ' +
        'cookie back in the X-XSRF-TOKEN header on every POST, PUT, PATCH and DELETE. Failures answer ' +
        '`{ message }`; invalid input answers 422 `{ message, errors: { field: [message] } }`.',
    )
    .setVersion('1')
    .addCookieAuth(
      config.session.cookieName,
      { type: 'apiKey', in: 'cookie', name: config.session.cookieName },
      'session',
    )
    .addApiKey({ type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' }, 'xsrf')
    .build();
  const document = SwaggerModule.createDocument(app, builder, {
    operationIdFactory: (controllerKey, methodKey) => `${controllerKey}_${methodKey}`,
  });

  document.paths = Object.fromEntries(
    Object.entries(document.paths).filter(([path]) => path === '/api' || path.startsWith('/api/')),
  );
  const rules = accessByOperation(app);
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const rule = rules.get(operation.operationId ?? '');
      operation.security = securityOf(method, rule);
      // Tags come from controller names; "ChatsApi" and "ChatsPages" are both the chats area to a reader.
      operation.tags = operation.tags?.map((tag) => tag.replace(/Api$/, ''));
      if (rule?.roles.length) operation.description ??= `Roles: ${rule.roles.join(', ')}.`;
      addSharedAnswers(method, path, operation, rule);
    }
  }
  document.components ??= {};
  document.components.schemas = {
    ...document.components.schemas,
    ErrorAnswer: {
      type: 'object',
      required: ['message'],
      properties: { message: { type: 'string', example: 'You are not allowed to do that.' } },
    },
    ValidationErrorAnswer: {
      type: 'object',
      required: ['message', 'errors'],
      properties: {
        message: { type: 'string', example: 'The email must be a valid email address.' },
        errors: {
          type: 'object',
          additionalProperties: { type: 'array', items: { type: 'string' } },
          example: { email: ['The email must be a valid email address.'] },
        },
      },
    },
  };
  return document;
}

/** Serves the document at /api/docs (UI) and /api/docs.json outside production. */
export function serveOpenApiDocs(app: INestApplication, config: Pick<AppConfig, 'env' | 'appName' | 'session'>): void {
  if (config.env === 'production') return;
  SwaggerModule.setup(OPENAPI_UI_PATH, app, () => buildOpenApiDocument(app, config), {
    jsonDocumentUrl: OPENAPI_JSON_PATH,
    raw: ['json'],
    customSiteTitle: `${config.appName} API`,
  });
}
