// What a remote's server build gets for its shared singletons (ADR 0017): the renderer's own
// instances, as the browser's federation runtime hands every remote the shell's. A remote's
// server bundle requires nothing else.
import * as reduxToolkit from '@reduxjs/toolkit';
import * as rtkQuery from '@reduxjs/toolkit/query';
import * as rtkQueryReact from '@reduxjs/toolkit/query/react';
import * as platform from '@shop/platform';
import * as uiAnnouncer from '@shop/ui/announcer';
import * as uiCard from '@shop/ui/card';
import * as uiCore from '@shop/ui/core';
import * as uiDialog from '@shop/ui/dialog';
import * as uiFields from '@shop/ui/fields';
import * as uiPrice from '@shop/ui/price';
import * as uiQuantityStepper from '@shop/ui/quantity-stepper';
import * as react from 'react';
import * as reactJsxRuntime from 'react/jsx-runtime';
import * as reactDom from 'react-dom';
import * as reactRouter from 'react-router';
import * as reactRouterDom from 'react-router-dom';
// The whole module is handed to remotes as their shared singleton; nothing here uses its hooks.
// eslint-disable-next-line no-restricted-imports
import * as reactRedux from 'react-redux';

export const SHARED_MODULES: Readonly<Record<string, unknown>> = {
  react,
  'react/jsx-runtime': reactJsxRuntime,
  'react-dom': reactDom,
  'react-router': reactRouter,
  'react-router-dom': reactRouterDom,
  'react-redux': reactRedux,
  '@reduxjs/toolkit': reduxToolkit,
  '@reduxjs/toolkit/query': rtkQuery,
  '@reduxjs/toolkit/query/react': rtkQueryReact,
  '@shop/platform': platform,
  '@shop/ui/core': uiCore,
  '@shop/ui/fields': uiFields,
  '@shop/ui/quantity-stepper': uiQuantityStepper,
  '@shop/ui/price': uiPrice,
  '@shop/ui/card': uiCard,
  '@shop/ui/dialog': uiDialog,
  '@shop/ui/announcer': uiAnnouncer,
};
