import { PageShell, titleFromSlug } from '@shop/ui';
import { useParams } from 'react-router-dom';

/** /size-guide/{item} */
export default function SizeGuidePage() {
  const { item = '' } = useParams();
  return (
    <PageShell
      remote={__APP_NAME__}
      version={__APP_VERSION__}
      page="size-guide"
      title={`${titleFromSlug(item)} size guide`}
    />
  );
}
