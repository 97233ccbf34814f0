/**
 * Weather for the workbench card from a configurable provider (PORTAL_WEATHER_URL + PORTAL_WEATHER_KEY) that
 * speaks the Amap weather API: GET <url>?key=<key>&city=<adcode>&extensions=base|all&output=JSON, answering
 * `{status:'1', lives:[...]}` (base, the current weather) or `{status:'1', forecasts:[{casts:[...]}]}` (all, the
 * next days). Answers are cached 10 minutes per place and kind, so a busy workbench costs the provider little;
 * a provider that fails or is slower than the timeout gives -500 天气服务暂不可用，请稍后重试 (the card says so).
 */
import type { WeatherConfig } from '../portal-config.js';
import { TtlCache } from '../lib/ttl-cache.js';
import { DomainError } from '../domain-error.js';

export type WeatherType = 'all' | 'base';

export interface WeatherLive {
  weather: string;
  temperature: string;
  windDirection: string;
  windPower: string;
  humidity: string;
  reportTime: string;
}

export interface WeatherCast {
  date: string;
  week: string;
  dayWeather: string;
  nightWeather: string;
  dayTemp: string;
  nightTemp: string;
  dayWind: string;
  nightWind: string;
  dayPower: string;
  nightPower: string;
}

export type WeatherData =
  | { configured: false; message: string }
  | {
      configured: true;
      adcode: string;
      province: string;
      city: string;
      /** null when only the forecast was asked for or the provider had none. */
      live: WeatherLive | null;
      /** Empty for type 'base'. */
      forecast: WeatherCast[];
    };

export const WeatherMessages = {
  notConfigured: '未配置天气服务',
  unavailable: '天气服务暂不可用，请稍后重试',
} as const;

const CACHE_TTL_MS = 10 * 60_000;

type Json = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export class Weather {
  private readonly cache = new TtlCache<string, Json>(CACHE_TTL_MS, 1000);

  constructor(
    private readonly config: WeatherConfig | undefined,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  get configured(): boolean {
    return this.config !== undefined;
  }

  async forAdcode(adcode: string, type: WeatherType): Promise<WeatherData> {
    if (!this.config) return { configured: false, message: WeatherMessages.notConfigured };
    const [base, all] = await Promise.all([
      this.call(adcode, 'base'),
      type === 'all' ? this.call(adcode, 'all') : Promise.resolve(undefined),
    ]);
    const live = Array.isArray(base.lives) && isObject(base.lives[0]) ? base.lives[0] : undefined;
    const forecastEntry =
      all && Array.isArray(all.forecasts) && isObject(all.forecasts[0]) ? all.forecasts[0] : undefined;
    const casts = forecastEntry && Array.isArray(forecastEntry.casts) ? forecastEntry.casts.filter(isObject) : [];
    const place = live ?? forecastEntry ?? {};
    return {
      configured: true,
      adcode: text(place.adcode) || adcode,
      province: text(place.province),
      city: text(place.city),
      live: live
        ? {
            weather: text(live.weather),
            temperature: text(live.temperature),
            windDirection: text(live.winddirection),
            windPower: text(live.windpower),
            humidity: text(live.humidity),
            reportTime: text(live.reporttime),
          }
        : null,
      forecast: casts.map((c) => ({
        date: text(c.date),
        week: text(c.week),
        dayWeather: text(c.dayweather),
        nightWeather: text(c.nightweather),
        dayTemp: text(c.daytemp),
        nightTemp: text(c.nighttemp),
        dayWind: text(c.daywind),
        nightWind: text(c.nightwind),
        dayPower: text(c.daypower),
        nightPower: text(c.nightpower),
      })),
    };
  }

  private call(adcode: string, extensions: 'base' | 'all'): Promise<Json> {
    return this.cache.getOrLoad(`${adcode}|${extensions}`, () => this.fetchOnce(adcode, extensions));
  }

  private async fetchOnce(adcode: string, extensions: 'base' | 'all'): Promise<Json> {
    const config = this.config as WeatherConfig;
    const url = new URL(config.url);
    url.searchParams.set('key', config.key);
    url.searchParams.set('city', adcode);
    url.searchParams.set('extensions', extensions);
    url.searchParams.set('output', 'JSON');
    let body: unknown;
    try {
      const response = await this.fetchImpl(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      body = await response.json();
    } catch (error) {
      throw new DomainError('unavailable', WeatherMessages.unavailable, { cause: error });
    }
    if (!isObject(body) || text(body.status) !== '1') {
      const info = isObject(body) ? text(body.info) : 'not an object';
      throw new DomainError('unavailable', WeatherMessages.unavailable, { cause: `provider: ${info}` });
    }
    return body;
  }
}
