import { PageShell, titleFromSlug } from '@shop/ui';
import { useParams } from 'react-router-dom';

/** /learn/{article} */
export default function ArticlePage() {
  const { article = '' } = useParams();
  return <PageShell remote={__APP_NAME__} version={__APP_VERSION__} page="learn-article" title={titleFromSlug(article)} />;
}
