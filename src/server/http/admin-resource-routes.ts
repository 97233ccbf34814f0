/**
 * The standard routes of an administration resource (list, get, create, update, delete) from one description,
 * so every resource declares, checks, audits and answers them alike. Routes particular to one resource (trees,
 * role assignment, imports) stay hand-written beside the call.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DataScope } from '../accounts/data-scope.js';
import { adminConfig, idParams, listQuery, needs, security } from './admin-schemas.js';
import { envelope, type Schema, pageEnvelope } from './envelope-schema.js';
import { dropEmptyInput, ok } from './route-helpers.js';
import { requireAuth, requireGrants } from './request-context.js';

/** One permission string, or a list of which any one suffices. */
export type Permission = string | readonly string[];

/** A standard route's OpenAPI text and, where the spec names it otherwise than REST does, its method and URL. */
export interface AdminRouteDoc {
  /** The OpenAPI description; the permission the route needs is appended. */
  description: string;
  /** The OpenAPI summary, where the one made from `names.en` does not fit. */
  summary?: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Under the plugin's prefix, e.g. '/v1.0/edit/:id'. */
  url?: string;
}

export interface AdminListDoc extends AdminRouteDoc {
  summary: string;
  /** The screen's search form (schemas/forms/<search>.json): its fields are the list's filters. */
  search?: string;
  /** Filters the screen sets outside its search form (the office picked in the tree): name -> what it matches. */
  outside?: Record<string, string>;
  /** Who may list, where more may than `view` (another screen's select reads the list too). */
  permission?: Permission;
  /** A row of the list, where it is not `record`. */
  row?: Schema;
}

// A handler's body and query string as Fastify types them from a route generic; it resolves them lazily, so with
// a type parameter only these names match what the handler holds.
type BodyOf<T> = FastifyRequest<{ Body: T }>['body'];
type QueryOf<T> = FastifyRequest<{ Querystring: T }>['query'];

/**
 * The service behind the routes. Every call also gets the caller's data scope and user id, for the services whose
 * rules depend on them; a service that needs neither leaves them off its signatures.
 */
export interface AdminResourceService<Input, Query> {
  list?(query: QueryOf<Query>, scope: DataScope, callerId: string): Promise<unknown>;
  get?(id: string, scope: DataScope, callerId: string): Promise<unknown>;
  create(input: BodyOf<Input>, scope: DataScope, callerId: string): Promise<unknown>;
  update(id: string, input: BodyOf<Input>, scope: DataScope, callerId: string): Promise<unknown>;
  remove(id: string, scope: DataScope, callerId: string): Promise<void>;
}

export interface AdminResource<Input, Query> {
  /** The thing, in audit titles (新增区域, 区域详情, 区域列表, ...) and default summaries ('Create an area'). */
  names: { zh: string; en: string };
  tag: 'system' | 'user';
  /** Needed to read (get, and list unless it names its own) and to write (create, update, delete). */
  view: Permission;
  edit: Permission;
  /** The create and update body: schemas/forms/<form>.json as it travels, plus `bodyProperties`. */
  form: string;
  bodyProperties?: Record<string, Schema>;
  /** Of create and update, where Fastify's 1 MiB is too little (images as data URLs). */
  bodyLimit?: number;
  /** `data` of get, create and update. */
  record: Schema;
  service: AdminResourceService<Input, Query>;
  list?: AdminListDoc;
  get?: AdminRouteDoc;
  create: AdminRouteDoc;
  update: AdminRouteDoc;
  remove: AdminRouteDoc;
}

type IdParams = { id: string };

export function adminResourceRoutes<Input, Query>(app: FastifyInstance, resource: AdminResource<Input, Query>): void {
  const { names, service, view, edit, form } = resource;
  const { forms } = app.services;
  const wire = forms.wireSchema(form);
  const body = resource.bodyProperties
    ? { ...wire, properties: { ...wire.properties, ...resource.bodyProperties } }
    : wire;
  // The schema has checked the body as it travels; encrypted fields still need decrypting and their rules.
  const encrypted = forms.encrypts(form);
  const input = (request: FastifyRequest<{ Body: Input }>): BodyOf<Input> =>
    encrypted ? forms.validate<BodyOf<Input>>(form, request.body) : request.body;
  const caller = (request: FastifyRequest): [DataScope, string] => [
    requireGrants(request).scope,
    requireAuth(request).view.user.id,
  ];
  const text = (doc: AdminRouteDoc, summary: string, permission: Permission) => ({
    tags: [resource.tag],
    summary: doc.summary ?? summary,
    description: `${doc.description} ${needs(permission)}`,
    security,
  });
  const method = <F>(fn: F | undefined, name: string): F => {
    if (fn === undefined) throw new Error(`the service of ${form} has no ${name}()`);
    return fn;
  };
  const one = envelope({ data: resource.record });
  const thing = names.en.charAt(0).toUpperCase() + names.en.slice(1);

  if (resource.list) {
    const doc = resource.list;
    const list = method(service.list?.bind(service), 'list');
    const permission = doc.permission ?? view;
    app.route<{ Querystring: Query }>({
      method: doc.method ?? 'GET',
      url: doc.url ?? '/list',
      schema: {
        ...text(doc, doc.summary, permission),
        querystring: listQuery(doc.search === undefined ? undefined : forms.wireSchema(doc.search), doc.outside),
        response: { 200: pageEnvelope(doc.row ?? resource.record) },
      },
      preValidation: dropEmptyInput,
      config: adminConfig(permission, `${names.zh}列表`),
      handler: async (request) => ok('', await list(request.query, ...caller(request))),
    });
  }

  if (resource.get) {
    const get = method(service.get?.bind(service), 'get');
    app.route<{ Params: IdParams }>({
      method: resource.get.method ?? 'GET',
      url: resource.get.url ?? '/:id',
      schema: { ...text(resource.get, thing, view), params: idParams, response: { 200: one } },
      config: adminConfig(view, `${names.zh}详情`),
      handler: async (request) => ok('', await get(request.params.id, ...caller(request))),
    });
  }

  app.route<{ Body: Input }>({
    method: resource.create.method ?? 'POST',
    url: resource.create.url ?? '',
    schema: { ...text(resource.create, `Create ${names.en}`, edit), body, response: { 200: one } },
    bodyLimit: resource.bodyLimit,
    preValidation: dropEmptyInput,
    config: adminConfig(edit, `新增${names.zh}`),
    handler: async (request) => ok('保存成功', await service.create(input(request), ...caller(request))),
  });

  app.route<{ Params: IdParams; Body: Input }>({
    method: resource.update.method ?? 'PUT',
    url: resource.update.url ?? '/:id',
    schema: { ...text(resource.update, `Update ${names.en}`, edit), params: idParams, body, response: { 200: one } },
    bodyLimit: resource.bodyLimit,
    preValidation: dropEmptyInput,
    config: adminConfig(edit, `修改${names.zh}`),
    handler: async (request) =>
      ok('保存成功', await service.update(request.params.id, input(request), ...caller(request))),
  });

  const removeMethod = resource.remove.method ?? 'DELETE';
  app.route<{ Params: IdParams }>({
    method: removeMethod,
    url: resource.remove.url ?? '/:id',
    schema: { ...text(resource.remove, `Delete ${names.en}`, edit), params: idParams, response: { 200: envelope() } },
    // The audit log takes GETs for reads unless told otherwise.
    config: { ...adminConfig(edit, `删除${names.zh}`), ...(removeMethod === 'GET' ? { audit: true } : {}) },
    handler: async (request) => {
      await service.remove(request.params.id, ...caller(request));
      return ok('删除成功');
    },
  });
}
