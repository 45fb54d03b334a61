import { Link } from 'react-router-dom';

/** The header's mini cart. Its item count arrives with the cart API. */
export default function MiniCart() {
  return (
    <Link to="/cart" className="header__icon" data-remote-slot="mini-cart">
      Bag
    </Link>
  );
}
