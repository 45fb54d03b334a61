/** What a mail shows of its brand: the name, where the shop is, and the brand's colours. */
export interface MailBrand {
  id: string;
  name: string;
  /** The brand's canonical origin (`https://…`): every link in its mail starts here. */
  origin: string;
  colors: {
    primary: string;
    onPrimary: string;
    background: string;
    surface: string;
    text: string;
    muted: string;
    border: string;
  };
}

/** The sender every mail of a brand comes from: its name, at the host of its own shop. */
export function senderOf(brand: MailBrand): string {
  const host = new URL(brand.origin).hostname;
  return `"${brand.name.replace(/["\\]/g, '')}" <orders@${host}>`;
}
