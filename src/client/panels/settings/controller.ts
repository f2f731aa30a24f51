// The Credit settings panel: the formula daily cap, when bulk runs ask for confirmation, the per-run
// hard cap, how long results are kept, and the price of each operation. The server validates:
// its message is shown as is, beside the field it names.
import { SETTINGS_TEXTS } from '../../../core/text/catalogue/sidebar/settings';
import type { Settings } from '../../../shared/rpc';
import { busy, errorText, reported, say } from '../../dom';
import { call } from '../../rpc-client';
import { buildSettingsBody, clearInvalid, markInvalid, readChange, showPace, showSettings } from './view';

export interface SettingsPanel {
  /** The saved settings, once loaded. */
  current(): Settings | null;
}

/** `changed` runs after the settings load and after each save (`saved` true). */
export function mountSettingsPanel(changed: (settings: Settings, saved: boolean) => void): SettingsPanel {
  const ui = buildSettingsBody();
  let current: Settings | null = null;
  const show = (settings: Settings) => {
    current = settings;
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
    if (current) changed(current, true);
  };
  ui.form.addEventListener('submit', (event) => {
    event.preventDefault();
    void busy(ui.save, ui.message, save);
  });

  void reported(ui.message, async () => {
    show(await call('getSettings'));
    if (current) changed(current, false);
  });
  return { current: () => current };
}
