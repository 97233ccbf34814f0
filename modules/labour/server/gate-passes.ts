/**
 * A gate's pass becomes attendance: the first pass in of a day is the clock-in, the last pass out the clock-out,
 * on the worker's one record of that day (created by the first pass); a night shift's pass out after midnight
 * closes the shift's record of the day before. Only a worker registered on the gate's project, on site, not
 * blacklisted, with 三级安全教育 done, a valid special-operation certificate for a special trade and inside the age
 * rule of the project's company is let through; every call, refused or not, is kept in the pass log with its reason and stable code.
 */
import {
  chinaDateTime,
  type CollectionRecords,
  DEVICE_CLOCK_WINDOW_MS,
  DeviceCallRefused,
  DomainError,
  type RecordValues,
} from '../../../src/server/module-api.js';
import { judgeAge, SPECIAL_TRADES, type AgeLimits } from './age-rule.js';
import { PASS_MAX_AGE_DAYS, type GatePass } from './gate-pass.js';

export type GateProblem = 'invalid' | 'unknownWorker' | 'refusedWorker' | 'replay';

/**
 * The stable code of a refusal, for the gate's software (its screen shows the Chinese reason, its logic may branch
 * on the code) and for the refusal list's filter; the texts may be reworded, the codes stay.
 */
export const REFUSAL_CODES = [
  'unknown-worker',
  'blacklisted',
  'left-site',
  'no-safety-education',
  'certificate-missing',
  'certificate-expired',
  'age-out-of-range',
] as const;
export type RefusalCode = (typeof REFUSAL_CODES)[number] | 'invalid' | 'replay';

/** Why a pass was not recorded, in the words the gate's screen shows, and its stable code. */
export class GateRefusal extends Error {
  constructor(
    readonly problem: GateProblem,
    message: string,
    readonly code: RefusalCode = problem === 'replay' ? 'replay' : 'invalid',
  ) {
    super(message);
    this.name = 'GateRefusal';
  }
}

/** A night shift's pass out after midnight closes the day before's record when its clock-in is this recent. */
const NIGHT_SHIFT_MAX_HOURS = 16;

/** A gate whose call the platform verified (app.services.deviceCalls), and the nonce that call used. */
export interface VerifiedGate {
  deviceId: string;
  nonce: string;
  record: RecordValues;
}

export interface PassResult {
  worker: string;
  workerName: string;
  date: string;
  clockIn: string | null;
  clockOut: string | null;
}

interface Collections {
  gates: CollectionRecords;
  passes: CollectionRecords;
  workers: CollectionRecords;
  attendance: CollectionRecords;
  certificates: CollectionRecords;
}

/** The certificate types that are special-operation certificates (dictionary labour_certificate_type). */
const SPECIAL_CERTIFICATE_TYPES = new Set(['special-building', 'special-safety']);

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export class GatePasses {
  constructor(
    private readonly c: Collections,
    private readonly now: () => Date,
    /** The age rule of the company of a project (age-rules.ts): each company sets its own. */
    private readonly ageLimits: (projectId: string) => Promise<AgeLimits>,
  ) {}

  /**
   * The gate of a signed call's device id, with its secret; undefined for no such gate. A gate switched off is
   * refused as such.
   */
  async gate(deviceId: string): Promise<{ secret: string; record: RecordValues } | undefined> {
    let record: RecordValues;
    try {
      record = await this.c.gates.get(deviceId);
    } catch (error) {
      if (error instanceof DomainError) return undefined;
      throw error;
    }
    if (record.enabled === false) throw new DeviceCallRefused('unknown-device', '闸机已停用');
    return typeof record.secret === 'string' && record.secret !== '' ? { secret: record.secret, record } : undefined;
  }

  /** The worker the pass names, registered on the gate's project; refused when unknown. */
  private async workerOf(projectId: string, pass: GatePass): Promise<RecordValues> {
    let worker: RecordValues | undefined;
    if (pass.workerId) {
      worker = await this.c.workers.get(pass.workerId).catch((error: unknown) => {
        if (error instanceof DomainError) return undefined;
        throw error;
      });
      if (worker && worker.projectId !== projectId) worker = undefined;
    } else if (pass.idCardNumber) {
      const page = await this.c.workers.list({
        projectId,
        pageNo: 1,
        pageSize: 1,
        filters: { idCardNumber: pass.idCardNumber.toUpperCase() },
      });
      worker = page.dataList[0];
    }
    if (!worker) throw new GateRefusal('unknownWorker', '未在本项目实名登记的人员，禁止通行', 'unknown-worker');
    return worker;
  }

  /** Refuses a registered worker who may not enter at `at`, with the reason the gate shows. */
  private async admit(projectId: string, worker: RecordValues, at: Date): Promise<void> {
    const refuse = (code: RefusalCode, message: string) => new GateRefusal('refusedWorker', message, code);
    if (worker.blacklisted === true) {
      const reason = text(worker.blacklistReason);
      throw refuse('blacklisted', `该人员已列入黑名单${reason ? `（${reason}）` : ''}，禁止通行`);
    }
    if (worker.status === 'left') throw refuse('left-site', '该人员已退场，禁止通行');
    if (worker.safetyEducationMissing === true) throw refuse('no-safety-education', '未完成三级安全教育，禁止通行');
    const trade = String(worker.trade ?? '');
    if (SPECIAL_TRADES.has(trade)) await this.checkCertificate(projectId, worker, chinaDateTime(at).slice(0, 10));
    const verdict = judgeAge(String(worker.idCardNumber ?? ''), trade, await this.ageLimits(projectId), at);
    if (verdict?.problem) throw refuse('age-out-of-range', `${verdict.problem}，禁止通行`);
  }

  /**
   * A special trade's worker needs a special-operation certificate valid on `day`: one of the worker's certificates
   * (labour-certificate) of a special type, or the certificate the registry form itself holds (certName, certExpiry).
   */
  private async checkCertificate(projectId: string, worker: RecordValues, day: string): Promise<void> {
    const held = (
      await this.c.certificates.list({
        projectId,
        pageNo: 1,
        pageSize: 50,
        filters: { worker: String(worker.id) },
      })
    ).dataList
      .filter((certificate) => SPECIAL_CERTIFICATE_TYPES.has(String(certificate.type)))
      .map((certificate) => ({ name: text(certificate.operation), expiry: text(certificate.expiryDate) }));
    if (text(worker.certName)) held.push({ name: text(worker.certName), expiry: text(worker.certExpiry) });
    if (held.length === 0)
      throw new GateRefusal('refusedWorker', '特种作业人员无特种作业操作证，禁止通行', 'certificate-missing');
    // A certificate without an expiry date is taken as valid (a lifelong one); the latest expiry counts.
    if (held.some((certificate) => !certificate.expiry || certificate.expiry >= day)) return;
    const latest = held.reduce((a, b) => (String(a.expiry) >= String(b.expiry) ? a : b));
    throw new GateRefusal(
      'refusedWorker',
      `特种作业证${latest.name ? `（${latest.name}）` : ''}已于${latest.expiry}过期，禁止通行`,
      'certificate-expired',
    );
  }

  /** Checks the call and the worker, logs the pass (once per nonce) and records the attendance. */
  async pass(verified: VerifiedGate, pass: GatePass): Promise<PassResult> {
    const gate = verified.record;
    const projectId = String(gate.projectId);
    const actor = String(gate.createdBy ?? '');
    const at = new Date(pass.time);
    if (Number.isNaN(at.getTime())) throw new GateRefusal('invalid', '通行时间格式不正确');
    if (at.getTime() - this.now().getTime() > DEVICE_CLOCK_WINDOW_MS)
      throw new GateRefusal('invalid', '通行时间晚于当前时间');
    if (this.now().getTime() - at.getTime() > PASS_MAX_AGE_DAYS * 86_400_000)
      throw new GateRefusal('invalid', `通行时间早于${PASS_MAX_AGE_DAYS}天前，闸机不能再补传，请手工登记考勤`);

    let worker: RecordValues | undefined;
    let refusal: GateRefusal | undefined;
    try {
      worker = await this.workerOf(projectId, pass);
      // A refused worker is named in the pass log, so the refusal list shows who it was.
      await this.admit(projectId, worker, at);
    } catch (error) {
      if (!(error instanceof GateRefusal)) throw error;
      refusal = error;
    }
    try {
      await this.c.passes.create(
        projectId,
        {
          gate: verified.deviceId,
          nonce: verified.nonce,
          ...(worker ? { worker: worker.id } : {}),
          ...(pass.idCardNumber ? { idCardNumber: pass.idCardNumber.toUpperCase() } : {}),
          time: at.toISOString(),
          direction: pass.direction,
          result: refusal ? 'refused' : 'accepted',
          ...(refusal ? { reason: refusal.message.slice(0, 100), code: refusal.code } : {}),
        },
        actor,
      );
    } catch (error) {
      if (error instanceof DomainError && error.problem === 'conflict')
        throw new GateRefusal('replay', '重复的通行请求（随机串已使用），已拒绝');
      throw error;
    }
    if (refusal || !worker)
      throw refusal ?? new GateRefusal('unknownWorker', '未在本项目实名登记的人员，禁止通行', 'unknown-worker');
    return this.record(projectId, worker, at, pass.direction, String(gate.name ?? ''), actor);
  }

  /** The day's record of the worker: created by its first pass, its clock-in the earliest in, clock-out the latest out. */
  private async record(
    projectId: string,
    worker: RecordValues,
    at: Date,
    direction: 'in' | 'out',
    gateName: string,
    actor: string,
  ): Promise<PassResult> {
    const local = chinaDateTime(at);
    let date = local.slice(0, 10);
    const time = local.slice(11, 16);
    const workerId = String(worker.id);
    if (direction === 'out') {
      const shift = await this.openNightShift(projectId, workerId, at);
      if (shift) date = shift;
    }
    for (let attempt = 0; ; attempt += 1) {
      const existing = (
        await this.c.attendance.list({
          projectId,
          pageNo: 1,
          pageSize: 1,
          filters: { worker: workerId, dateFrom: date, dateTo: date },
        })
      ).dataList[0];
      try {
        let saved: RecordValues;
        if (!existing) {
          saved = await this.c.attendance.create(
            projectId,
            {
              worker: workerId,
              date,
              source: 'gate',
              gate: gateName,
              ...(direction === 'in' ? { clockIn: time } : { clockOut: time }),
            },
            actor,
          );
        } else {
          const clockIn = text(existing.clockIn);
          const clockOut = text(existing.clockOut);
          // On a night shift's record a clock-out after midnight is earlier on the clock than the clock-in.
          const overnight = (clock: string) => (clockIn && clock < clockIn ? `+${clock}` : clock);
          const next = {
            clockIn: direction === 'in' && (!clockIn || time < clockIn) ? time : clockIn,
            clockOut: direction === 'out' && (!clockOut || overnight(time) > overnight(clockOut)) ? time : clockOut,
          };
          saved =
            next.clockIn === clockIn && next.clockOut === clockOut
              ? existing
              : await this.c.attendance.update(String(existing.id), next, Number(existing.version));
        }
        return {
          worker: workerId,
          workerName: String(worker.name ?? ''),
          date,
          clockIn: text(saved.clockIn),
          clockOut: text(saved.clockOut),
        };
      } catch (error) {
        // Two passes of one worker at once: the loser reads the winner's record and tries again.
        if (error instanceof DomainError && error.problem === 'conflict' && attempt < 3) continue;
        throw error;
      }
    }
  }

  /**
   * The day (yyyy-MM-dd) of the worker's night shift a pass out at `at` ends: the record of the day before whose
   * clock-in is at most NIGHT_SHIFT_MAX_HOURS earlier and which has no clock-out yet (or one after midnight), while
   * the pass's own day has no clock-in before it. Null when the pass ends no night shift.
   */
  private async openNightShift(projectId: string, workerId: string, at: Date): Promise<string | null> {
    const today = chinaDateTime(at).slice(0, 10);
    const time = chinaDateTime(at).slice(11, 16);
    const yesterday = chinaDateTime(new Date(at.getTime() - 86_400_000)).slice(0, 10);
    const rows = (
      await this.c.attendance.list({
        projectId,
        pageNo: 1,
        pageSize: 2,
        filters: { worker: workerId, dateFrom: yesterday, dateTo: today },
      })
    ).dataList;
    const own = rows.find((row) => row.date === today);
    if (own && text(own.clockIn) && String(own.clockIn) <= time) return null;
    const before = rows.find((row) => row.date === yesterday);
    const clockIn = text(before?.clockIn);
    if (!before || !clockIn) return null;
    const clockOut = text(before.clockOut);
    if (clockOut && clockOut >= clockIn) return null;
    const started = new Date(`${yesterday}T${clockIn}:00+08:00`).getTime();
    return at.getTime() - started <= NIGHT_SHIFT_MAX_HOURS * 3_600_000 ? yesterday : null;
  }
}
