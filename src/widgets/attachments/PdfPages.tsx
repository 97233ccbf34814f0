/**
 * A PDF drawn in the page by pdf.js (loaded only when a PDF is previewed): its pages one below the other, as wide
 * as the dialog, drawn one after another so the first shows at once. The character maps of Chinese PDFs and the
 * standard fonts come from the app itself (src/build/vite/pdfjs-assets-plugin.ts). pdf.js 6 evaluates no code it reads, so the portal's
 * strict CSP (no eval) stays.
 */
import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';

GlobalWorkerOptions.workerSrc = workerUrl;

/** More pages than this are left to the download: a preview is for reading, not for a 500-page drawing set. */
const MAX_PAGES = 60;
const assets = `${import.meta.env.BASE_URL}pdfjs/`;

export default function PdfPages({ url, width }: { url: string; width: number }) {
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<{ drawn: number; total: number; failed: boolean }>({
    drawn: 0,
    total: 0,
    failed: false,
  });

  useEffect(() => {
    let cancelled = false;
    let pdf: PDFDocumentProxy | undefined;
    const task = getDocument({
      url,
      cMapUrl: `${assets}cmaps/`,
      cMapPacked: true,
      standardFontDataUrl: `${assets}standard_fonts/`,
    });
    const draw = async () => {
      pdf = await task.promise;
      const total = pdf.numPages;
      if (!cancelled) setState({ drawn: 0, total, failed: false });
      const ratio = window.devicePixelRatio || 1;
      for (let number = 1; number <= Math.min(total, MAX_PAGES) && !cancelled; number++) {
        const page = await pdf.getPage(number);
        const viewport = page.getViewport({ scale: width / page.getViewport({ scale: 1 }).width });
        const canvas = document.createElement('canvas');
        canvas.width = Math.floor(viewport.width * ratio);
        canvas.height = Math.floor(viewport.height * ratio);
        canvas.style.width = `${Math.floor(viewport.width)}px`;
        canvas.setAttribute('aria-label', `第${number}页`);
        await page.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] })
          .promise;
        if (cancelled) return;
        host.current?.append(canvas);
        setState((current) => ({ ...current, drawn: number }));
      }
    };
    draw().catch(() => {
      if (!cancelled) setState((current) => ({ ...current, failed: true }));
    });
    return () => {
      cancelled = true;
      host.current?.replaceChildren();
      void task.destroy();
    };
  }, [url, width]);

  const { drawn, total, failed } = state;
  return (
    <div className="attachment-pdf" data-testid="attachment-pdf">
      <div ref={host} className="attachment-pdf-pages" />
      <p className="attachment-pdf-status" role="status">
        {failed
          ? '文件无法预览，请下载后查看'
          : total === 0
            ? '正在加载…'
            : drawn < Math.min(total, MAX_PAGES)
              ? `正在加载第 ${drawn + 1} / ${total} 页…`
              : total > MAX_PAGES
                ? `共 ${total} 页，预览前 ${MAX_PAGES} 页，其余请下载查看`
                : `共 ${total} 页`}
      </p>
    </div>
  );
}
