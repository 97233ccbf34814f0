/**
 * 录像回放 (/videoSearch/playback): a camera and a day; the day's recordings on a 24-hour timeline; play, pause,
 * a click on the timeline (or a time typed) seeks there, the speed from 0.5× to 8×, a clip of the recordings
 * downloaded as MP4, a snapshot of the frame shown.
 *
 * Other screens link here at a moment (查看录像 on a device warning or a hazard, the `rowActions` of module.json):
 * `/videoSearch/playback?projectId=<project>&at=<ISO 8601 time>[&cameraId=<camera>][&near=<place>]` opens that
 * project's camera (the one named, else the one nearest the place the record names, else the first) on the day of
 * `at`, at that time.
 *
 * A block of the demo recordings is a VOD playlist (hls.js seeks in it); a block of MediaMTX's recordings is played
 * from the moment asked (its fMP4 has no index to seek in), so a seek inside it loads it again from there.
 */
import { Button, DatePicker, Empty, Message, Modal, Select, Spin, TimePicker } from '@arco-design/web-react';
import '@arco-design/web-react/es/Button/style/css.js';
import '@arco-design/web-react/es/DatePicker/style/css.js';
import '@arco-design/web-react/es/Empty/style/css.js';
import '@arco-design/web-react/es/Message/style/css.js';
import '@arco-design/web-react/es/Modal/style/css.js';
import '@arco-design/web-react/es/Select/style/css.js';
import '@arco-design/web-react/es/Spin/style/css.js';
import '@arco-design/web-react/es/TimePicker/style/css.js';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { callApi, useApi, useSeams, type CustomRendererProps } from '../../../src/engine/module-api';
import { attachPlayer, type AttachedPlayer } from '../browser/player';
import { Timeline } from '../browser/Timeline';
import {
  type Block,
  type CameraView,
  chinaClock,
  chinaDay,
  type DayRecordings,
  nearestCamera,
  saveBlob,
  saveSnapshot,
  toBlocks,
} from '../browser/video-types';
import '../browser/video.css';

const SPEEDS = [0.5, 1, 2, 4, 8];
const CLIP_LENGTHS = [
  { value: 30, label: '30 秒' },
  { value: 60, label: '1 分钟' },
  { value: 120, label: '2 分钟' },
  { value: 300, label: '5 分钟' },
  { value: 600, label: '10 分钟' },
];

function linkedMoment(): { projectId?: string; cameraId?: string; near?: string; at?: number } {
  const query = new URLSearchParams(window.location.search);
  const at = Date.parse(query.get('at') ?? '');
  return {
    projectId: query.get('projectId') ?? undefined,
    cameraId: query.get('cameraId') ?? undefined,
    near: query.get('near') ?? undefined,
    at: Number.isNaN(at) ? undefined : at,
  };
}

/** What the player has loaded: a block, the moment its position 0 shows, and the link that plays it from there. */
interface Loaded {
  block: Block;
  origin: number;
  url: string;
}

const sameBlock = (a: Block | undefined, b: Block) => a?.url === b.url && a.from === b.from;

/** Milliseconds of the China midnight that starts `day` (YYYY-MM-DD). */
const midnightOf = (day: string) => Date.parse(`${day}T00:00:00+08:00`);

export default function VideoPlayback({ context }: CustomRendererProps) {
  const seams = useSeams();
  const linked = useMemo(linkedMoment, []);
  const project = context.project as { projectId?: string } | undefined;
  const projectId = linked.projectId ?? project?.projectId;
  const cameras = useApi<CameraView[]>(
    projectId ? { method: 'GET', url: '/api/video/v1.0/cameras', resultPath: 'data' } : null,
    { projectId },
  );
  const [cameraId, setCameraId] = useState<string | undefined>(linked.cameraId);
  const [day, setDay] = useState(chinaDay(linked.at ?? Date.now()));
  const camera = cameras.data?.find((item) => item.id === cameraId) ?? nearestCamera(cameras.data ?? [], linked.near);
  const recordings = useApi<DayRecordings>(
    camera && !camera.unavailable
      ? {
          method: 'GET',
          url: `/api/video/v1.0/cameras/${encodeURIComponent(camera.id)}/recordings`,
          resultPath: 'data',
        }
      : null,
    { date: day },
  );
  const blocks = useMemo(() => toBlocks(recordings.data), [recordings.data]);

  const video = useRef<HTMLVideoElement>(null);
  const player = useRef<AttachedPlayer | undefined>(undefined);
  const [loaded, setLoaded] = useState<Loaded | undefined>();
  const block = loaded?.block;
  const [at, setAt] = useState<number | undefined>();
  const [failure, setFailure] = useState('');
  const [speed, setSpeed] = useState(1);
  const [playing, setPlaying] = useState(false);
  const [clipOpen, setClipOpen] = useState(false);
  const pendingSeek = useRef<number | undefined>(undefined);
  const wanted = useRef<number | undefined>(linked.at);

  /**
   * Plays the recordings from `moment`: the next recorded time when `moment` falls in a gap, the last seconds
   * recorded when it is past them (a hazard registered a moment ago: the recording has not caught up yet).
   */
  const seek = useCallback(
    (moment: number) => {
      const next = blocks.find((item) => moment < item.to && item.to - moment > 1000);
      const last = blocks.at(-1);
      const target = next ?? last;
      if (!target) return;
      if (!next) Message.info('所选时间之后当天没有录像，从最近的录像播放');
      const start = next ? Math.max(moment, target.from) : Math.max(target.from, target.to - 10_000);
      setAt(start);
      const element = video.current;
      if (target.kind === 'mp4') {
        // From the next whole second: MediaMTX takes whole-second starts, and not one before its recording.
        const origin = Math.min(Math.ceil(start / 1000) * 1000, target.to - 1000);
        const seconds = Math.max(1, Math.ceil((target.to - origin) / 1000));
        const query = new URLSearchParams({ start: new Date(origin).toISOString(), duration: String(seconds) });
        pendingSeek.current = undefined;
        setLoaded({ block: target, origin, url: `${target.url}?${query.toString()}` });
        return;
      }
      if (sameBlock(block, target) && element) {
        element.currentTime = (start - target.from) / 1000;
        void element.play().catch(() => undefined);
        return;
      }
      pendingSeek.current = (start - target.from) / 1000;
      setLoaded({ block: target, origin: target.from, url: target.url });
    },
    [blocks, block],
  );

  // A new camera or day: the first recorded moment, or the linked one.
  useEffect(() => {
    setLoaded(undefined);
    setFailure('');
    if (blocks.length === 0) return;
    const moment = wanted.current ?? blocks[blocks.length - 1]!.to - 60_000;
    wanted.current = undefined;
    seek(Math.max(blocks[0]!.from, moment));
    // seek changes with the block played; only new blocks start over
  }, [blocks]);

  // The loaded block in the player of its kind, destroyed when another is loaded or the page goes.
  useEffect(() => {
    const element = video.current;
    if (!loaded || !element) return undefined;
    let gone = false;
    setFailure('');
    void attachPlayer(
      element,
      { kind: loaded.block.kind, url: loaded.url },
      {
        live: false,
        failed: setFailure,
        ready: () => {
          if (pendingSeek.current !== undefined) element.currentTime = pendingSeek.current;
          pendingSeek.current = undefined;
          element.playbackRate = speed;
          void element.play().catch(() => undefined);
        },
      },
    ).then((attached) => {
      if (gone) attached.destroy();
      else player.current = attached;
    });
    return () => {
      gone = true;
      player.current?.destroy();
      player.current = undefined;
    };
    // the speed is applied as it changes (below), not by reloading the block
  }, [loaded]);

  useEffect(() => {
    if (video.current) video.current.playbackRate = speed;
  }, [speed]);

  const onTime = () => {
    if (loaded && video.current) setAt(loaded.origin + video.current.currentTime * 1000);
  };
  const onEnded = () => {
    const next = blocks.find((item) => block && item.from >= block.to);
    if (next) seek(next.from);
  };

  const download = async (from: number, seconds: number) => {
    if (!camera) return;
    try {
      const envelope = await callApi<{ data: unknown }>(
        seams,
        { method: 'GET', url: `/api/video/v1.0/cameras/${encodeURIComponent(camera.id)}/clip` },
        {
          variables: { from: new Date(from).toISOString(), to: new Date(from + seconds * 1000).toISOString() },
          responseType: 'blob',
        },
      );
      saveBlob(envelope.data, `${camera.name}_${chinaDay(from)}_${chinaClock(from).replace(/:/g, '')}.mp4`);
      setClipOpen(false);
    } catch {
      // the HTTP client has said why
    }
  };

  const unavailable = camera?.unavailable ?? (recordings.error instanceof Error ? recordings.error.message : '');
  const dayStart = midnightOf(day);
  return (
    <div className="video-page" data-testid="video-playback">
      <aside className="video-cameras">
        <div className="video-cameras-head">摄像头（{cameras.data?.length ?? 0}）</div>
        <ul className="video-camera-list" data-testid="camera-list">
          {(cameras.data ?? []).map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className={`video-camera${item.id === camera?.id ? ' video-camera-on' : ''}`}
                onClick={() => setCameraId(item.id)}
                title={`${item.name}（${item.location}）`}
              >
                <span className="video-camera-name">{item.name}</span>
                <span className="video-camera-place">{item.location || '—'}</span>
              </button>
            </li>
          ))}
        </ul>
        {cameras.data?.length === 0 && <Empty description="本项目还没有摄像头" />}
      </aside>
      <section className="video-main">
        <div className="video-toolbar">
          <span className="video-toolbar-title" data-testid="playback-title">
            {camera ? camera.name : '录像回放'}
          </span>
          <DatePicker
            value={day}
            allowClear={false}
            style={{ width: 150 }}
            disabledDate={(date) => date.valueOf() > Date.now()}
            onChange={(value) => value && setDay(value)}
            data-testid="playback-day"
          />
          <TimePicker
            style={{ width: 130 }}
            placeholder="跳转到时间"
            allowClear={false}
            value={at !== undefined ? chinaClock(at) : undefined}
            onChange={(value) => value && seek(Date.parse(`${day}T${value}+08:00`))}
            data-testid="seek-time"
          />
          <Select value={speed} onChange={setSpeed} style={{ width: 96 }} data-testid="speed" aria-label="倍速">
            {SPEEDS.map((value) => (
              <Select.Option key={value} value={value}>
                {`${value}×`}
              </Select.Option>
            ))}
          </Select>
          <span className="video-toolbar-gap" />
          <Button
            disabled={!playing && at === undefined}
            onClick={() => {
              const element = video.current;
              if (!element) return;
              if (element.paused) void element.play();
              else element.pause();
            }}
            data-testid="play-pause"
          >
            {playing ? '暂停' : '播放'}
          </Button>
          <Button
            disabled={at === undefined}
            onClick={() => video.current && camera && saveSnapshot(video.current, camera.name, at ?? Date.now())}
          >
            截图
          </Button>
          <Button type="primary" disabled={at === undefined} onClick={() => setClipOpen(true)} data-testid="clip-open">
            下载片段
          </Button>
        </div>
        <div className="video-player">
          <video
            ref={video}
            className="video-view-video"
            muted
            playsInline
            data-testid="playback-video"
            onTimeUpdate={onTime}
            onPlaying={() => setPlaying(true)}
            onPause={() => setPlaying(false)}
            onEnded={onEnded}
          />
          {at !== undefined && !unavailable && (
            <div className="video-player-clock" data-testid="playback-clock">
              {chinaDay(at)} {chinaClock(at)}
            </div>
          )}
          {(unavailable || failure || recordings.isLoading || (recordings.data && blocks.length === 0)) && (
            <div className={`video-view-status${unavailable || failure ? ' video-view-failure' : ''}`}>
              {recordings.isLoading ? (
                <Spin tip="正在读取录像…" />
              ) : (
                unavailable ||
                failure ||
                `${day} 没有录像${recordings.data?.retentionDays ? `（录像保留 ${recordings.data.retentionDays} 天）` : ''}`
              )}
            </div>
          )}
        </div>
        <Timeline dayStart={dayStart} blocks={blocks} at={at} onPick={seek} />
      </section>
      {clipOpen && at !== undefined && (
        <ClipDialog start={Math.floor(at / 1000) * 1000} onCancel={() => setClipOpen(false)} onDownload={download} />
      )}
    </div>
  );
}

function ClipDialog({
  start,
  onCancel,
  onDownload,
}: {
  start: number;
  onCancel: () => void;
  onDownload: (from: number, seconds: number) => Promise<void>;
}) {
  const [seconds, setSeconds] = useState(60);
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      visible
      title="下载录像片段"
      okText="下载 MP4"
      confirmLoading={busy}
      onCancel={onCancel}
      onOk={async () => {
        setBusy(true);
        await onDownload(start, seconds);
        setBusy(false);
      }}
    >
      <div className="video-clip-form" data-testid="clip-dialog">
        <span>起始时间</span>
        <strong>
          {chinaDay(start)} {chinaClock(start)}
        </strong>
        <span>时长</span>
        <Select value={seconds} onChange={setSeconds} style={{ width: 160 }} options={CLIP_LENGTHS} />
      </div>
    </Modal>
  );
}
