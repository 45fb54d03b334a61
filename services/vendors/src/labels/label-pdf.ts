import bwipjs from 'bwip-js/node';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { Label, LabelAddress } from './label-repository';

/** Helvetica (WinAnsi) writes Latin-1 only: anything else prints as "?". */
const printable = (text: string) => text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

const addressLines = (address: LabelAddress) =>
  [
    address.name,
    address.line1,
    ...(address.line2 ? [address.line2] : []),
    `${address.city}, ${address.state} ${address.postalCode}`,
  ].map(printable);

/**
 * A 4 x 6 inch return label: sender, the returns centre, the order number and return id, the
 * items, and the tracking number as a Code 128 barcode (a PNG made by bwip-js) with its text.
 */
export async function renderLabelPdf(label: Label): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Return label ${label.returnId}`);
  pdf.setCreator('labels stand-in');
  pdf.setCreationDate(new Date(label.createdAt));
  pdf.setModificationDate(new Date(label.createdAt));
  const page = pdf.addPage([288, 432]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let y = 410;
  const text = (value: string, size = 9, font = regular, x = 18) => {
    page.drawText(printable(value), { x, y, size, font, color: rgb(0, 0, 0) });
    y -= size + 4;
  };

  text('RETURN LABEL', 14, bold);
  y -= 4;
  text('FROM', 7, bold);
  for (const lineText of addressLines(label.from)) text(lineText, 9);
  y -= 6;
  text('SHIP TO', 7, bold);
  for (const lineText of addressLines(label.to)) text(lineText, 11, bold);
  y -= 6;
  text(`Order number: ${label.orderNumber}`, 10, bold);
  text(`Return id: ${label.returnId}`, 9);
  for (const item of label.items.slice(0, 6)) text(`${item.quantity} x ${item.name}`.slice(0, 60), 8);
  if (label.items.length > 6) text(`and ${label.items.length - 6} more`, 8);

  const png = await bwipjs.toBuffer({
    bcid: 'code128',
    text: label.trackingNumber,
    scale: 3,
    height: 14,
    includetext: false,
    paddingwidth: 10,
    paddingheight: 6,
    backgroundcolor: 'FFFFFF',
  });
  const image = await pdf.embedPng(png);
  const width = 252;
  const height = (image.height / image.width) * width;
  page.drawImage(image, { x: 18, y: 40, width, height });
  y = 26;
  text(`Tracking number: ${label.trackingNumber}`, 10, bold);
  return pdf.save();
}
