import DateWidget from '@rjsf/core/lib/components/widgets/DateWidget.js';
import HiddenWidget from '@rjsf/core/lib/components/widgets/HiddenWidget.js';
import TextareaWidget from '@rjsf/core/lib/components/widgets/TextareaWidget.js';

/**
 * RJSF's default widgets as our forms use them (`rjsfDefaults` in vite.config.ts, which puts
 * this module in place of RJSF's full set): our own widgets draw every field
 * (widgets/registry.ts, which also answers RJSF's names text, select, checkbox and email) but
 * `hidden`, `textarea` and a `format: date` field without a widget of its own, which RJSF's
 * draw. plans:validate refuses a uiSchema naming any other (tools/lib/registeredNames.json,
 * proved equal to this set by tests/unit/tools/registeredNames.test.ts), so a phone never
 * downloads widgets no plan draws.
 */
export default function widgets() {
  return { DateWidget, HiddenWidget, TextareaWidget };
}
