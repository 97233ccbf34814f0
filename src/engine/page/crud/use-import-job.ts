/**
 * Follows an import job (`progress` of a CRUD page's import): asks for its progress every half second until it is
 * done or failed, and stops asking when the dialog closes or the page goes away.
 */
import { useEffect, useRef, useState } from 'react';
import { callApi, pickPath, type ApiVariables } from '../../api';
import { useSeams } from '../../seams';
import type { ApiDescriptor } from '../../types';

export interface ImportJobProgress {
  jobId: string;
  state: 'waiting' | 'running' | 'done' | 'failed';
  total: number;
  done: number;
  created: number;
  failed: number;
  errors: { row: number; field: string; title: string; message: string }[];
  message?: string;
}

const POLL_MS = 500;

export function useImportJob(
  api: ApiDescriptor | undefined,
  variables: ApiVariables,
  onFinished: (progress: ImportJobProgress) => void,
) {
  const seams = useSeams();
  const [jobId, setJobId] = useState<string | null>(null);
  const [progress, setProgress] = useState<ImportJobProgress | null>(null);
  // The latest of what the poll reads, without restarting it at every render.
  const latest = useRef({ variables, onFinished });
  latest.current = { variables, onFinished };

  useEffect(() => {
    if (!api || !jobId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const envelope = await callApi(seams, api, { variables: { ...latest.current.variables, jobId } });
        if (stopped) return;
        const next = pickPath(envelope, api.resultPath ?? 'data') as ImportJobProgress;
        setProgress(next);
        if (next.state === 'done' || next.state === 'failed') {
          latest.current.onFinished(next);
          return;
        }
      } catch {
        // the HTTP client has shown why; keep asking, the job runs on
        if (stopped) return;
      }
      timer = setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [api, jobId, seams]);

  return {
    progress,
    finished: progress?.state === 'done' || progress?.state === 'failed',
    follow(id: string) {
      setProgress({ jobId: id, state: 'waiting', total: 0, done: 0, created: 0, failed: 0, errors: [] });
      setJobId(id);
    },
    close() {
      setJobId(null);
      setProgress(null);
    },
  };
}
