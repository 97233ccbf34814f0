/**
 * What the demo devices report: plausible site curves as pure functions of the device and the time, so the
 * history written at start and the live readings after it are one continuous story. A crane lifts every five
 * minutes in working hours (one lift in twenty runs close to its moment limit), the hoist makes trips, dust
 * rises in dry afternoons, a mass concrete pour heats up and cools down over days, meters count up.
 */
import { createHash } from 'node:crypto';
import { chinaHourOfDay } from '../../../src/server/module-api.js';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** A repeatable number in [0, 1) for a device and a moment. */
function noise(serial: string, slot: number, salt = ''): number {
  return createHash('sha1').update(`${serial}:${slot}:${salt}`).digest().readUInt32BE(0) / 2 ** 32;
}

/** China time's hour of the day, with fractions. */
const chinaHour = (at: number): number => chinaHourOfDay(new Date(at));

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

function ambient(at: number): number {
  return 12 + 6 * Math.sin(((chinaHour(at) - 9) / 24) * 2 * Math.PI);
}

function towerCrane(serial: string, at: number): Record<string, number> {
  const cycle = Math.floor(at / 300_000);
  const phase = (at % 300_000) / 300_000;
  const hour = chinaHour(at);
  const working = hour >= 7 && hour < 18;
  const lifting = working && phase > 0.15 && phase < 0.75;
  const heavy = noise(serial, cycle, 'heavy') < 0.05;
  const rated = serial.endsWith('01') ? 160 : 125;
  const radius = 12 + 40 * noise(serial, cycle, 'radius');
  const shape = Math.sin(((phase - 0.15) / 0.6) * Math.PI);
  const targetMoment = heavy ? 0.93 + 0.1 * noise(serial, cycle, 'over') : 0.35 + 0.4 * noise(serial, cycle, 'load');
  const load = lifting ? Math.min(10, (targetMoment * rated) / radius) : 0;
  const gust = noise(serial, Math.floor(at / 60_000), 'gust');
  return {
    load: round(load, 2),
    momentPercent: round((load * radius * 100) / rated, 1),
    windSpeed: round(2.5 + 2.5 * Math.sin(((hour - 6) / 24) * 2 * Math.PI) + 3 * gust * gust, 1),
    radius: round(radius, 1),
    height: round(lifting ? 8 + 45 * shape : 5, 1),
    slewAngle: round(((cycle * 73) % 360) + (lifting ? 90 * phase : 0), 1),
    // A plumb tower within GB 5144's 4/1000 (0.23°), swaying a little under load and wind.
    tilt: round(0.06 + 0.1 * noise(serial, Math.floor(at / 600_000), 'tilt'), 2),
  };
}

function hoist(serial: string, at: number): Record<string, number> {
  const trip = Math.floor(at / 240_000);
  const phase = (at % 240_000) / 240_000;
  const working = chinaHour(at) >= 7 && chinaHour(at) < 19;
  const top = 30 + 60 * noise(serial, trip, 'top');
  const moving = working && phase > 0.1 && phase < 0.9 && Math.abs(phase - 0.5) > 0.04;
  const up = phase < 0.5;
  const height = !working
    ? 0
    : up
      ? top * Math.min(1, Math.max(0, (phase - 0.1) / 0.36))
      : top * Math.min(1, Math.max(0, (0.9 - phase) / 0.36));
  const load = working ? 200 + 1700 * noise(serial, trip, 'load') ** 1.5 : 0;
  return {
    load: round(up ? load : load * 0.2, 0),
    loadPercent: round(((up ? load : load * 0.2) / 2000) * 100, 1),
    height: round(height, 1),
    speed: round(moving ? (up ? 33 : -33) : 0, 1),
    doorOpen: moving ? 0 : 1,
  };
}

function environment(serial: string, at: number): Record<string, number> {
  const hour = chinaHour(at);
  const minute = Math.floor(at / 60_000);
  const afternoon = Math.exp(-(((hour - 15) / 2.5) ** 2));
  const dustyDay = noise(serial, Math.floor(at / DAY), 'dusty') < 0.3 ? 1 : 0;
  const pm25 = 28 + 30 * afternoon * (1 + dustyDay) + 12 * noise(serial, minute, 'pm');
  const day = hour >= 6 && hour < 22;
  const loudBurst = noise(serial, Math.floor(at / 900_000), 'loud') < 0.08 ? 6 : 0;
  return {
    pm25: round(pm25, 0),
    pm10: round(pm25 * (1.7 + 0.6 * noise(serial, minute, 'ratio')) + 40 * afternoon * dustyDay, 0),
    noise: round((day ? 60 : 46) + 6 * noise(serial, minute, 'db') + loudBurst, 1),
    temperature: round(ambient(at), 1),
    humidity: round(70 - 15 * Math.sin(((hour - 9) / 24) * 2 * Math.PI) + 5 * noise(serial, minute, 'rh'), 0),
    windSpeed: round(1 + 3 * noise(serial, minute, 'wind'), 1),
    windDirection: round((90 + 60 * Math.sin(at / (6 * HOUR)) + 360) % 360, 0),
  };
}

/**
 * Degrees above ambient of a mass pour `days` after casting: up to about 40 at a day and a half, then cooling, so
 * that with the day's swing of the air the core stays within GB 50496's 50 ℃ rise over its placing temperature.
 */
function heatOfHydration(days: number): number {
  if (days <= 0) return 0;
  const t = days / 1.5;
  return 40 * t * Math.exp(1 - t);
}

function concreteTemperature(serial: string, at: number, pouredAt: number): Record<string, number> {
  const air = ambient(at);
  const rise = heatOfHydration((at - pouredAt) / DAY) * (serial.endsWith('02') ? 0.92 : 1);
  const jitter = (probe: string) => 0.4 * (noise(serial, Math.floor(at / 600_000), probe) - 0.5);
  return {
    core: round(air + 8 + rise + jitter('core'), 1),
    middle: round(air + 6 + rise * 0.72 + jitter('middle'), 1),
    surface: round(air + 3 + rise * 0.32 + jitter('surface'), 1),
    ambient: round(air, 1),
  };
}

function weighbridge(serial: string, at: number): Record<string, number> {
  const slot = Math.floor(at / 300_000);
  const loaded = noise(serial, slot, 'truck') < 0.6;
  return { weight: round(loaded ? 18 + 30 * noise(serial, slot, 'weight') : 14 + 2 * noise(serial, slot, 'tare'), 2) };
}

function waterMeter(serial: string, at: number): Record<string, number> {
  const hours = at / HOUR;
  const flow = 0.4 + 0.9 * Math.max(0, Math.sin(((chinaHour(at) - 5) / 24) * 2 * Math.PI));
  // Counts up steadily from a start well before any demo history.
  return {
    total: round(1200 + (hours - 480_000) * 0.75, 2),
    flow: round(flow + 0.1 * noise(serial, Math.floor(hours), 'f'), 2),
  };
}

function electricityMeter(serial: string, at: number): Record<string, number> {
  const hours = at / HOUR;
  const hour = chinaHour(at);
  const power = (hour >= 7 && hour < 19 ? 150 : 60) + 50 * noise(serial, Math.floor(at / 900_000), 'p');
  return {
    total: round(85_000 + (hours - 480_000) * 110, 1),
    power: round(power, 1),
    current: round((power * 1000) / (1.732 * 380 * 0.85), 1),
  };
}

export interface SimulatedDevice {
  serial: string;
  deviceType: string;
  /** When a concrete sensor's pour was cast (its installed date). */
  installedAt: number;
}

/** The reading a demo device takes at `at` (ms), or undefined for a type the simulator does not know. */
export function simulatedValues(device: SimulatedDevice, at: number): Record<string, number> | undefined {
  switch (device.deviceType) {
    case 'tower-crane':
      return towerCrane(device.serial, at);
    case 'hoist':
      return hoist(device.serial, at);
    case 'environment':
      return environment(device.serial, at);
    case 'concrete-temperature':
      return concreteTemperature(device.serial, at, device.installedAt);
    case 'weighbridge':
      return weighbridge(device.serial, at);
    case 'water-meter':
      return waterMeter(device.serial, at);
    case 'electricity-meter':
      return electricityMeter(device.serial, at);
    default:
      return undefined;
  }
}
