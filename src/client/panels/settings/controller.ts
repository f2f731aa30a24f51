// The Credit settings panel: the formula daily cap, when bulk runs ask for confirmation, the per-run
// hard cap, how long results are kept, and the price of each operation. The server validates:
// its message is shown as is, beside the field it names.
import { SETTINGS_TEXTS } from '../../../core/text/catalogue/sidebar/settings';
import type { Settings } from '../../../shared/rpc';
import { busy, errorText, reported, say } from '../../dom';
import { call } from '../../rpc-client';
import { buildSettingsBody, clearInvalid, markInvalid, readChange, showPace, showSettings } from './view';

/** `saved` runs after each save. */
export function mountSettingsPanel(saved: () => void): void {
  const ui = buildSettingsBody();
  const show = (settings: Settings) => {
    showSettings(ui, settings);
    // The pace under its ceiling: asked again whenever the settings are shown.
    call('getPace').then(
      (pace) => showPace(ui, pace),
      () => showPace(ui, null),
    );
  };

  /** A refused save marks the field the message names; busy() shows the message itself. */
  const save = async () => {
    clearInvalid();
    try {
      show(await call('saveSettings', readChange()));
    } catch (error) {
      markInvalid(errorText(error));
      throw error;
    }
    say(ui.message, SETTINGS_TEXTS.saved.text, 'ok');
    saved();
  };
  ui.form.addEventListener('submit', (event) => {
    event.preventDefault();
    void busy(ui.save, ui.message, save);
  });

  void reported(ui.message, async () => show(await call('getSettings')));
}
