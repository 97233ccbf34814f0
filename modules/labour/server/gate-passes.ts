/**
 * A gate's pass becomes attendance: the first pass in of a day is the clock-in, the last pass out the clock-out,
 * on the worker's one record of that day (created by the first pass). Only a worker registered on the gate's
 * project, on site and not blacklisted is let through; every call, refused or not, is kept in the pass log.
 */
import {
  chinaDateTime,
  type CollectionRecords,
  DomainError,
  type RecordValues,
} from '../../../src/server/module-api.js';
import {
  CLOCK_SKEW_SECONDS,
  NONCE_MESSAGE,
  NONCE_PATTERN,
  PASS_MAX_AGE_DAYS,
  signatureMatches,
  signedText,
  type GatePass,
} from './gate-signature.js';

export type GateProblem = 'unauthorized' | 'invalid' | 'unknownWorker' | 'refusedWorker' | 'replay';

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

export interface GateCredentials {
  gateId: string;
  timestamp: string;
  nonce: string;
  signature: string;
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

  /** The gate, if the call is signed by it now and with its secret; else an 'unauthorized' refusal. */
  private async gateOf(credentials: GateCredentials, pass: GatePass): Promise<RecordValues> {
    const { gateId, timestamp, nonce, signature } = credentials;
    let gate: RecordValues;
    try {
      gate = await this.c.gates.get(gateId);
    } catch (error) {
      if (error instanceof DomainError) throw new GateRefusal('unauthorized', '闸机未登记');
      throw error;
    }
    if (gate.enabled === false) throw new GateRefusal('unauthorized', '闸机已停用');
    const sentAt = Number(timestamp);
    if (!/^\d{9,11}$/.test(timestamp) || Math.abs(this.now().getTime() / 1000 - sentAt) > CLOCK_SKEW_SECONDS)
      throw new GateRefusal('unauthorized', '请求时间与服务器时间相差超过5分钟，请校准闸机时钟');
    if (!signatureMatches(String(gate.secret), signedText(gateId, timestamp, nonce, pass), signature))
      throw new GateRefusal('unauthorized', '签名不正确');
    if (!NONCE_PATTERN.test(nonce)) throw new GateRefusal('invalid', NONCE_MESSAGE);
    return gate;
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
  async pass(credentials: GateCredentials, pass: GatePass): Promise<PassResult> {
    const gate = await this.gateOf(credentials, pass);
    const projectId = String(gate.projectId);
    const actor = String(gate.createdBy ?? '');
    const at = new Date(pass.time);
    if (Number.isNaN(at.getTime())) throw new GateRefusal('invalid', '通行时间格式不正确');
    if (at.getTime() - this.now().getTime() > CLOCK_SKEW_SECONDS * 1000)
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
          gate: credentials.gateId,
          nonce: credentials.nonce,
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
