import site from '../../../schemas/site/site.json';
import type { SiteFile } from '../../engine/types';
import './site-footer.css';

const texts = site as SiteFile;

/** Copyright, the ICP filing number linking to the regulator, and the browser note (public pages). */
export function SiteFooter({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  return (
    <footer className={`site-footer site-footer-${tone}`}>
      <span>{texts.copyright}</span>
      <a href={texts.icp.url} target="_blank" rel="noreferrer" data-testid="icp-link">
        {texts.icp.number}
      </a>
      <span>{texts.browserNote}</span>
    </footer>
  );
}

export const siteTexts = texts;
