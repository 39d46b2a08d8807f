import { useTranslation } from 'react-i18next';
import { Switch } from '../../../components/ui/switch.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { useChatSettings, useShowPresence } from '../api/chat-settings.ts';

/** The privacy switch of issue 19: whether people you chat with see when you are online or were last seen. */
export function PresenceSetting() {
  const { t } = useTranslation();
  const settings = useChatSettings();
  const change = useShowPresence();
  return (
    <Switch
      checked={settings.data?.show_presence ?? true}
      disabled={!settings.data}
      onChange={(show) => change.mutate(show, { onError: () => showToast(t('settings.showPresenceFailed')) })}
      label={t('settings.showPresence')}
      description={t('settings.showPresenceHint')}
      testId="presence-switch"
    />
  );
}
