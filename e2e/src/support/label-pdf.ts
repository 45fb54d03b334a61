import {
  BinaryBitmap,
  BarcodeFormat,
  Code128Reader,
  DecodeHintType,
  HybridBinarizer,
  RGBLuminanceSource,
} from '@zxing/library';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, decodePDFRawStream } from 'pdf-lib';

export interface LabelPdfContents {
  /** The page's text, one shown string per line. */
  text: string;
  /** What the Code 128 barcodes on the page decode to (each image scanned as a picture). */
  barcodes: string[];
}

const streamBytes = (stream: PDFRawStream) => decodePDFRawStream(stream).decode();

/** Text shown with Tj (literal or hex strings), as pdf-lib and most writers emit it for standard fonts. */
function shownText(content: string): string[] {
  const out: string[] = [];
  const shown = /(<([0-9A-Fa-f\s]*)>|\(((?:\\.|[^\\)])*)\))\s*Tj/g;
  for (let match = shown.exec(content); match; match = shown.exec(content)) {
    if (match[2] !== undefined) out.push(Buffer.from(match[2].replace(/\s/g, ''), 'hex').toString('latin1'));
    else out.push(match[3].replace(/\\([()\\])/g, '$1'));
  }
  return out;
}

function decodeBarcode(pixels: Uint8Array, width: number, height: number, channels: number): string | undefined {
  const luminance = new Uint8ClampedArray(width * height);
  for (let i = 0; i < width * height; i += 1) {
    const at = i * channels;
    luminance[i] =
      channels >= 3 ? Math.round(0.299 * pixels[at] + 0.587 * pixels[at + 1] + 0.114 * pixels[at + 2]) : pixels[at];
  }
  const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminance, width, height)));
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  try {
    return new Code128Reader().decode(bitmap, hints).getText();
  } catch {
    return undefined;
  }
}

/**
 * Reads a label PDF as a checker would: pdf-lib parses it, the first page's content streams give
 * the text, and every image XObject is decoded to pixels and scanned by ZXing's Code 128 reader.
 */
export async function readLabelPdf(bytes: Uint8Array): Promise<LabelPdfContents> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const page = pdf.getPage(0).node;
  const contents = page.Contents();
  const streams =
    contents instanceof PDFArray
      ? contents.asArray().map((ref) => pdf.context.lookup(ref))
      : contents
        ? [contents]
        : [];
  const text = streams
    .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream)
    .flatMap((stream) => shownText(Buffer.from(streamBytes(stream)).toString('latin1')));

  const barcodes: string[] = [];
  const xObjects = page.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  for (const [, ref] of xObjects?.entries() ?? []) {
    const image = pdf.context.lookup(ref);
    if (!(image instanceof PDFRawStream)) continue;
    const dict = image.dict;
    if (dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    const width = (dict.lookup(PDFName.of('Width'), PDFNumber) as PDFNumber).asNumber();
    const height = (dict.lookup(PDFName.of('Height'), PDFNumber) as PDFNumber).asNumber();
    const pixels = streamBytes(image);
    const channels = Math.round(pixels.length / (width * height));
    const decoded = decodeBarcode(pixels, width, height, channels);
    if (decoded) barcodes.push(decoded);
  }
  return { text: text.join('\n'), barcodes };
}
