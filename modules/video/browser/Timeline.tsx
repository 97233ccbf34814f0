/**
 * The 24 hours of a day as a bar: recorded blocks filled, the gaps empty, the hour marks below and the time being
 * played as a line. A click asks for the time under the pointer.
 */
import type { MouseEvent } from 'react';
import { chinaClock, type Block } from './video-types';

const DAY_MS = 86_400_000;

export function Timeline({
  dayStart,
  blocks,
  at,
  onPick,
}: {
  dayStart: number;
  blocks: Block[];
  at: number | undefined;
  onPick: (at: number) => void;
}) {
  const share = (ms: number) => `${Math.min(100, Math.max(0, ((ms - dayStart) / DAY_MS) * 100))}%`;
  const pick = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    onPick(dayStart + Math.round(((event.clientX - box.left) / box.width) * DAY_MS));
  };
  return (
    <div className="video-timeline" data-testid="timeline">
      <div className="video-timeline-bar" onClick={pick} role="presentation">
        {blocks.map((block) => (
          <span
            key={block.from}
            className="video-timeline-block"
            style={{ left: share(block.from), width: `calc(${share(block.to)} - ${share(block.from)})` }}
            title={`${chinaClock(block.from)} - ${chinaClock(block.to)}`}
          />
        ))}
        {at !== undefined && at >= dayStart && at <= dayStart + DAY_MS && (
          <span className="video-timeline-cursor" style={{ left: share(at) }} data-testid="timeline-cursor" />
        )}
      </div>
      <div className="video-timeline-hours">
        {Array.from({ length: 13 }, (_, index) => (
          <span key={index} style={{ left: `${(index / 12) * 100}%` }}>
            {String(index * 2).padStart(2, '0')}:00
          </span>
        ))}
      </div>
    </div>
  );
}
