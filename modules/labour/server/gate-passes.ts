/**
 * A gate's pass becomes attendance: the first pass in of a day is the clock-in, the last pass out the clock-out,
 * on the worker's one record of that day (created by the first pass). Only a worker registered on the gate's
 * project, on site and not blacklisted is let through; every call, refused or not, is kept in the pass log.
 */
import {
  chinaDateTime,
  type CollectionRecords,
  DEVICE_CLOCK_WINDOW_MS,
  DeviceCallRefused,
  DomainError,
  type RecordValues,
} from '../../../src/server/module-api.js';
import { PASS_MAX_AGE_DAYS, type GatePass } from './gate-pass.js';

export type GateProblem = 'invalid' | 'unknownWorker' | 'refusedWorker' | 'replay';

/** Why a pass was not recorded, in the words the gate's screen shows. */
export class GateRefusal extends Error {
  constructor(
    readonly problem: GateProblem,
    message: string,
  ) {
    super(message);
    this.name = 'GateRefusal';
  }
}

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
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export class GatePasses {
  constructor(
    private readonly c: Collections,
    private readonly now: () => Date,
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

  /** The worker the pass names, on the gate's project; refused when unknown, blacklisted or no longer on site. */
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
    if (!worker) throw new GateRefusal('unknownWorker', '未在本项目实名登记的人员，禁止通行');
    if (worker.blacklisted === true) {
      const reason = text(worker.blacklistReason);
      throw new GateRefusal('refusedWorker', `该人员已列入黑名单${reason ? `（${reason}）` : ''}，禁止通行`);
    }
    if (worker.status === 'left') throw new GateRefusal('refusedWorker', '该人员已退场，禁止通行');
    return worker;
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
          ...(refusal ? { reason: refusal.message.slice(0, 100) } : {}),
        },
        actor,
      );
    } catch (error) {
      if (error instanceof DomainError && error.problem === 'conflict')
        throw new GateRefusal('replay', '重复的通行请求（随机串已使用），已拒绝');
      throw error;
    }
    if (refusal || !worker) throw refusal ?? new GateRefusal('unknownWorker', '未在本项目实名登记的人员，禁止通行');
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
    const date = local.slice(0, 10);
    const time = local.slice(11, 16);
    const workerId = String(worker.id);
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
          const next = {
            clockIn: direction === 'in' && (!clockIn || time < clockIn) ? time : clockIn,
            clockOut: direction === 'out' && (!clockOut || time > clockOut) ? time : clockOut,
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
}
