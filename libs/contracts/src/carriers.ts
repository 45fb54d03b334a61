/** Carriers whose public tracking page takes the number in its address. */
const TRACKING_PAGES: Record<string, string> = {
  ups: 'https://www.ups.com/track?tracknum=',
  usps: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=',
  fedex: 'https://www.fedex.com/fedextrack/?trknbr=',
  dhl: 'https://www.dhl.com/us-en/home/tracking.html?tracking-id=',
};

/** The carrier's own page for a tracking number, when the carrier has one that takes it. */
export function carrierTrackingUrl(
  carrier: string | undefined,
  trackingNumber: string | undefined,
): string | undefined {
  const page = carrier ? TRACKING_PAGES[carrier.toLowerCase()] : undefined;
  return page && trackingNumber ? `${page}${encodeURIComponent(trackingNumber)}` : undefined;
}
