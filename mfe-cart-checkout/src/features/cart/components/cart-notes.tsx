import { Link } from 'react-router-dom';
import { cartContentApi } from '../api/cart-content-api';

/** The brand's notes for the bag (free shipping, returns); nothing shows while they load or if they fail. */
export function CartNotes() {
  const { data } = cartContentApi.useCartCheckoutGetCartSnippetsQuery();
  if (!data) return null;
  return (
    <aside className="cart-notes" aria-label="Shipping and returns" data-content-path="cart">
      {data.blocks.map((block) => (
        <section key={block.id} className="cart-notes__block">
          <h2 className="cart-notes__title">{block.title}</h2>
          <p>{block.text}</p>
          {block.link && <Link to={block.link.href}>{block.link.label}</Link>}
        </section>
      ))}
    </aside>
  );
}
