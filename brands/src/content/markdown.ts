import MarkdownIt from 'markdown-it';
import type { PageSection } from '@shop/contracts';

// Raw HTML is off, so content can never inject markup; images are off (no media pipeline yet).
const md = new MarkdownIt({ html: false, linkify: false, typographer: true }).disable(['image']);
const SITE_PATH = /^\/(?!\/)[A-Za-z0-9\-._~/%?=&#]*$/;
const WORDS_PER_MINUTE = 220;

// Same-site links stay in the tab; the few outside links open safely in a new one.
md.renderer.rules.link_open = (tokens, index, options, _env, self) => {
  const href = String(tokens[index].attrGet('href') ?? '');
  if (!SITE_PATH.test(href)) {
    tokens[index].attrSet('rel', 'noopener noreferrer');
    tokens[index].attrSet('target', '_blank');
  }
  return self.renderToken(tokens, index, options);
};

export interface RenderedMarkdown {
  html: string;
  intro: string;
  sections: PageSection[];
  text: string;
  links: string[];
  readingMinutes: number;
}

export const headingId = (title: string) =>
  title
    .toLowerCase()
    .replace(/&[a-z]+;/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80) || 'section';

/**
 * Renders Markdown and splits it at second-level headings. Links must be site paths or https
 * addresses; anything else is refused so a content file cannot carry javascript: or http: links.
 */
export function renderMarkdown(source: string): RenderedMarkdown {
  const tokens = md.parse(source, {});
  const links: string[] = [];
  const words: string[] = [];
  for (const token of tokens) {
    for (const child of token.children ?? []) {
      if (child.type === 'link_open') {
        const href = String(child.attrGet('href') ?? '');
        if (!SITE_PATH.test(href) && !/^https:\/\/[^\s]+$/.test(href) && !/^(mailto|tel):[^\s]+$/.test(href)) {
          throw new Error(`link "${href}" must be a site path, an https address, mailto: or tel:`);
        }
        links.push(href);
      }
      if (child.type === 'text' || child.type === 'code_inline') words.push(child.content);
    }
  }
  const text = words.join(' ').replace(/\s+/g, ' ').trim();
  const chunks = source.split(/^(?=## )/m);
  const introSource = chunks[0].startsWith('## ') ? '' : (chunks.shift() ?? '');
  const used = new Set<string>();
  const sections = chunks.map((chunk) => {
    const [heading, ...rest] = chunk.split('\n');
    const title = heading
      .replace(/^##\s+/, '')
      .replace(/[*_`]/g, '')
      .trim();
    let id = headingId(title);
    for (let n = 2; used.has(id); n += 1) id = `${headingId(title)}-${n}`;
    used.add(id);
    return { id, title, html: md.render(rest.join('\n')) };
  });
  const html = [
    md.render(introSource),
    ...sections.map((s) => `<h2 id="${s.id}">${md.renderInline(s.title)}</h2>\n${s.html}`),
  ].join('');
  const wordCount = text.split(' ').filter(Boolean).length;
  return {
    html,
    intro: md.render(introSource),
    sections,
    text,
    links,
    readingMinutes: Math.max(1, Math.ceil(wordCount / WORDS_PER_MINUTE)),
  };
}
