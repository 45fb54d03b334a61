import { VisuallyHidden } from '@shop/ui';
import type { StoreSummary } from '@shop/contracts/browser';
import { groupHours } from '../store-hours';

const telHref = (phone: string) => `tel:+1${phone.replace(/\D/g, '')}`;

/** The stores nearest first, numbered like their pins on the map. */
export function StoreList({ stores }: { stores: StoreSummary[] }) {
  return (
    <ol className="store-list">
      {stores.map((store, i) => (
        <li key={store.id} className="store" data-store-id={store.id}>
          <span className="store__number" aria-hidden="true">
            {i + 1}
          </span>
          <div className="store__body">
            <h3 className="store__name">{store.name}</h3>
            <p className="store__distance">{store.distanceMiles.toFixed(1)} mi</p>
            <address className="store__address">
              {store.addressLines.map((line) => (
                <span key={line} className="store__line">
                  {line}
                </span>
              ))}
              <span className="store__line">
                {store.city}, {store.state} {store.zip}
              </span>
            </address>
            <p className="store__phone">
              <a href={telHref(store.phone)}>{store.phone}</a>
            </p>
            <table className="store__hours">
              <VisuallyHidden as="caption">Opening hours</VisuallyHidden>
              <tbody>
                {groupHours(store.hours).map((line) => (
                  <tr key={line.days}>
                    <th scope="row">{line.days}</th>
                    <td>{line.time}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <a className="store__directions" href={store.directionsUrl} target="_blank" rel="noopener noreferrer">
              Directions<VisuallyHidden> to {store.name} (opens in a new tab)</VisuallyHidden>
            </a>
          </div>
        </li>
      ))}
    </ol>
  );
}
