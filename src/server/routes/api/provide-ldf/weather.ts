/**
 * POST /api/provideLDF/weather/{id}/{type} (the spec writes the path without the leading slash): weather of a
 * project's place for the workbench card. {id} is a project id the user may see (its area code is asked for) or
 * a 6-digit area code (adcode) itself; {type} 'all' (current weather and the next days, the default when left
 * out) or 'base' (current only). Without a configured provider: msgCode 0, data {configured: false, message:
 * '未配置天气服务'}.
 */
import type { FastifyPluginAsync } from 'fastify';
import { MsgCode, type Envelope } from '../../../../shared/envelope.js';
import { ApiError } from '../../../http/api-error.js';
import { envelope, type Schema } from '../../../http/envelope-schema.js';
import { ok } from '../../../http/route-helpers.js';
import type { WeatherData, WeatherType } from '../../../portal/weather.js';
import { bodyOrEmpty, security } from '../../../http/portal-schemas.js';
import { requireAuth } from '../../../http/request-context.js';

const str = { type: 'string' } as const;
const ADCODE = /^\d{6}$/;

const dataSchema: Schema = {
  type: 'object',
  required: ['configured'],
  properties: {
    configured: { type: 'boolean' },
    message: str,
    adcode: str,
    province: str,
    city: str,
    live: {
      type: ['object', 'null'],
      properties: {
        weather: str,
        temperature: str,
        windDirection: str,
        windPower: str,
        humidity: str,
        reportTime: str,
      },
    },
    forecast: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          date: str,
          week: str,
          dayWeather: str,
          nightWeather: str,
          dayTemp: str,
          nightTemp: str,
          dayWind: str,
          nightWind: str,
          dayPower: str,
          nightPower: str,
        },
      },
    },
  },
};

const params: Schema = {
  type: 'object',
  required: ['id'],
  properties: {
    id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$', errorMessage: { pattern: '项目编号格式不正确' } },
    type: { type: 'string', enum: ['all', 'base'], errorMessage: { enum: '天气类型只能是 all 或 base' } },
  },
};

const routes: FastifyPluginAsync = async (app) => {
  const handler = async (
    request: {
      params: { id: string; type?: WeatherType };
    },
    view: ReturnType<typeof requireAuth>['view'],
  ): Promise<Envelope<WeatherData>> => {
    const { portal } = app.services;
    const type = request.params.type ?? 'all';
    if (!portal.weather.configured) return ok('', await portal.weather.forAdcode('', type));
    let adcode = request.params.id;
    if (!ADCODE.test(adcode)) {
      const scope = await portal.projects.scopeOf(view.user.id);
      const project = await portal.projects.byId(scope, request.params.id);
      if (!project.area_code) throw new ApiError(MsgCode.invalidInput, '该项目未设置所在地区');
      adcode = project.area_code;
    }
    return ok('', await portal.weather.forAdcode(adcode, type));
  };

  const schema = (summary: string) => ({
    tags: ['workbench'],
    summary,
    description:
      'data {configured: true, adcode, province, city, live: {weather, temperature, windDirection, windPower, ' +
      'humidity, reportTime} | null, forecast: [{date, week, dayWeather, nightWeather, dayTemp, nightTemp, dayWind, ' +
      'nightWind, dayPower, nightPower}]}, or {configured: false, message: 未配置天气服务}. A project the user may ' +
      'not see: -403; the provider failing or slower than 5 s: -500 天气服务暂不可用，请稍后重试.',
    security,
    params,
    response: { 200: envelope({ data: dataSchema }) },
  });

  app.post<{ Params: { id: string; type?: WeatherType } }>(
    '/:id/:type',
    {
      config: { auth: 'user', audit: false },
      preValidation: bodyOrEmpty,
      schema: schema('Weather of a project (type all or base)'),
    },
    async (request) => handler(request, requireAuth(request).view),
  );
  app.post<{ Params: { id: string } }>(
    '/:id',
    {
      config: { auth: 'user', audit: false },
      preValidation: bodyOrEmpty,
      schema: schema('Weather of a project (type all)'),
    },
    async (request) => handler(request, requireAuth(request).view),
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/provideLDF/weather';
export default routes;
