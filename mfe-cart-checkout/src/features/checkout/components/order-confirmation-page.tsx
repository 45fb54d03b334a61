import { PageShell } from '@shop/ui';

/** /orderconfirmation?{order} */
export default function OrderConfirmationPage() {
  return (
    <PageShell
      remote={__APP_NAME__}
      version={__APP_VERSION__}
      page="order-confirmation"
      title="Thank you for your order"
    />
  );
}
