import { Button, Dialog, Input, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { inviteTokenFrom } from '@shared/invite-link';

/**
 * "Join with an invitation link": a field that takes the link someone shared, or its code, and
 * opens the invitation's page, which shows the community and joins it (a private one included).
 */
export const JoinWithLinkDialog = formDialog(JoinForm, (t) => t('invitations.joinWithLink.title'));

function JoinForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  function submit(e: React.FormEvent) {
    e.preventDefault();
    const token = inviteTokenFrom(text);
    if (!token) return setError(t('invitations.joinWithLink.invalid'));
    onDone();
    void navigate({ to: '/invite/$token', params: { token } });
  }
  return (
    <form onSubmit={submit} noValidate>
      <Dialog.Body>
        <Stack gap="3">
          <Text color="fg.muted">{t('invitations.joinWithLink.intro')}</Text>
          <FormField name="inviteLink" label={t('invitations.joinWithLink.label')} error={error}>
            <Input
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setError(undefined);
              }}
              placeholder={t('invitations.joinWithLink.placeholder')}
              autoComplete="off"
              spellCheck={false}
            />
          </FormField>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" type="button" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" colorPalette="brand">
          {t('invitations.joinWithLink.submit')}
        </Button>
      </Dialog.Footer>
    </form>
  );
}
