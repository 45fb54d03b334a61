// Everything the design system offers, by name. This file only re-exports: each group is its own
// Module Federation shared singleton (`@shop/ui/core`, `@shop/ui/fields`, ...; see package.json
// "exports" and ADR 0012), so an app that imports one component from here downloads only the
// group that holds it, with that group's CSS. Inside the library, one group reaches another only
// through its `@shop/ui/...` name, never by a relative path (src/shared-entries.test.ts).
export {
  Button,
  LoadingStatus,
  Notice,
  PageShell,
  Skeleton,
  VisuallyHidden,
  buttonClassName,
  createRemotePages,
  lazyPage,
  titleFromSlug,
  useHeadTags,
  usePageTitle,
} from '@shop/ui/core';
export type { ButtonLook, ButtonVariant, HeadTags, LazyPage, PageComponent } from '@shop/ui/core';
export { applyTheme, themeProperties } from './theme';
export { Checkbox, RadioGroup, Select, TextArea, TextField } from '@shop/ui/fields';
export type { RadioOption } from '@shop/ui/fields';
export { QuantityStepper, clampQuantity } from '@shop/ui/quantity-stepper';
export { Price, formatPrice } from '@shop/ui/price';
export type { PriceMoney } from '@shop/ui/price';
export { Card } from '@shop/ui/card';
export { Drawer, Modal } from '@shop/ui/dialog';
export { AnnouncerProvider, useAnnouncer } from '@shop/ui/announcer';
export type { Politeness, ToastTone } from '@shop/ui/announcer';
