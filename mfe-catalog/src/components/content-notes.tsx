import type { SnippetPath, SnippetsDocument } from '@shop/contracts/browser';
import { api } from '@shop/platform';
import { Link } from 'react-router-dom';

/** The brand's short messages for a page (SPEC §2 content paths p, find-your-fit, size-guide). */
const contentNotesApi = api.injectEndpoints({
  endpoints: (build) => ({
    catalogGetSnippets: build.query<SnippetsDocument, SnippetPath>({
      query: (path) => `/content/${path}`,
      providesTags: ['Content'],
    }),
  }),
});

/** Notes from the brand's content beside a catalog page; nothing shows while they load or if they fail. */
export function ContentNotes({ path, label }: { path: SnippetPath; label: string }) {
  const { data } = contentNotesApi.useCatalogGetSnippetsQuery(path);
  if (!data) return null;
  return (
    <aside className="content-notes" aria-label={label} data-content-path={path}>
      {data.blocks.map((block) => (
        <section key={block.id} className="content-notes__block">
          <h2 className="content-notes__title">{block.title}</h2>
          <p>{block.text}</p>
          {block.link && <Link to={block.link.href}>{block.link.label}</Link>}
        </section>
      ))}
    </aside>
  );
}
