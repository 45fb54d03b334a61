import type { FitFinderEntry } from '@shop/contracts/browser';
import { Notice } from '@shop/ui';
import { Link } from 'react-router-dom';
import type { FitResult } from '../fit-calculator';
import { shopLinks } from '../fit-links';

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** "Your size is {size}." with the size in bold. */
function Sentence({ template, size }: { template: string; size: string }) {
  const [before, after = ''] = template.split('{size}');
  return (
    <p className="fit-result__size">
      {before}
      <strong>{size}</strong>
      {after.replace(/\{size\}/g, size)}
    </p>
  );
}

/** A finder's answer: the size, what to do between sizes, and links to the categories filtered by it. */
export function FitResultView({ finder, result }: { finder: FitFinderEntry; result: FitResult }) {
  if (result.kind !== 'size')
    return (
      <Notice as="div" tone={result.kind === 'invalid' ? 'error' : 'info'} className="fit-result">
        <p>{result.reason}</p>
      </Notice>
    );
  const { smaller } = result;
  const links = [...shopLinks(finder.shop, result), ...(smaller ? shopLinks(finder.shop, smaller) : [])];
  return (
    <div className="fit-result">
      <Sentence template={finder.result} size={result.label} />
      {smaller && (
        <p>
          You’re between {smaller.label} and {result.label}: {result.label} gives a relaxed fit, {smaller.label} a
          closer one.
        </p>
      )}
      {result.mixed && <p>{result.mixed}</p>}
      {finder.note && <p>{finder.note}</p>}
      {links.length > 0 && (
        <ul className="fit-links">
          {links.map((link) => (
            <li key={link.href}>
              <Link to={link.href}>{link.label}</Link>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to={`/size-guide/${finder.guide.slug}`}>See the {lowerFirst(finder.guide.title)}</Link>
      </p>
    </div>
  );
}
