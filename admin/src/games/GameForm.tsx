import AddIcon from '@mui/icons-material/Add';
import { Box, FormHelperText } from '@mui/material';
import { GAME_FIELD_KINDS, GAME_FIELD_LABEL_MAX_LENGTH, GAME_FIELD_PATTERN_MAX_LENGTH, GAME_FIELD_VALUE_MAX_LENGTH } from '@topup/common';
import type { ReactElement } from 'react';
import {
  ArrayInput,
  BooleanInput,
  Button,
  NumberInput,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  useSimpleFormIterator,
  useTranslate,
  useWrappedSource,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { FormRow, FormSection, ImageUrlPreview } from '../components/FormLayout';
import { TranslatedTextInput } from '../components/TranslatedTextInput';
import { validateGame } from './gameForm';

const kindChoices = GAME_FIELD_KINDS.map((id) => ({ id, name: `resources.games.kind.${id}` }));

/** The iterator's add button, in words ("Add a field") rather than react-admin's bare icon. */
function AddButton({ label }: { label: string }): ReactElement {
  const { add } = useSimpleFormIterator();
  return (
    <Button label={label} onClick={() => add()}>
      <AddIcon />
    </Button>
  );
}

/** A select field's values (servers, regions), each with its label in every language. */
function ChoicesInput() {
  return (
    // No default list: react-admin applies one by resetting the form's dirty state, which would grey out Save
    // when the admin has just switched the field to a list.
    <ArrayInput source="choices" defaultValue={null as unknown as []} label="resources.games.sections.choices" helperText="resources.games.help.choices">
      <SimpleFormIterator disableClear addButton={<AddButton label="resources.games.actions.add_choice" />}>
        <TextInput source="value" isRequired helperText={false} slotProps={{ htmlInput: { maxLength: GAME_FIELD_VALUE_MAX_LENGTH } }} sx={{ maxWidth: 360 }} />
        <TranslatedTextInput source="label" maxLength={GAME_FIELD_LABEL_MAX_LENGTH} isRequired />
      </SimpleFormIterator>
    </ArrayInput>
  );
}

/** A field's choices, once it is a select; watches its own field's kind only, not the whole form. */
function SelectChoices() {
  const kind = useWatch({ name: useWrappedSource('kind') }) as string | undefined;
  return kind === 'select' ? <ChoicesInput /> : null;
}

/** The fields editor: key, label in every language, input kind, pattern, required, and a select's choices. */
function FieldsInput() {
  const translate = useTranslate();
  return (
    <>
      <FormHelperText sx={{ mb: 1 }}>{translate('resources.games.help.fields')}</FormHelperText>
      {/* The section's title names the list. */}
      <ArrayInput source="fields" label={false} isRequired>
        <SimpleFormIterator disableClear addButton={<AddButton label="resources.games.actions.add_field" />}>
          <Box sx={{ width: '100%', py: 1 }}>
            <FormRow>
              <TextInput source="key" isRequired helperText="resources.games.help.key" />
              <SelectInput source="kind" choices={kindChoices} defaultValue="text" isRequired helperText={false} />
              <BooleanInput source="required" defaultValue={false} helperText={false} />
            </FormRow>
            <TranslatedTextInput source="label" maxLength={GAME_FIELD_LABEL_MAX_LENGTH} isRequired />
            <TextInput
              source="pattern"
              helperText="resources.games.help.pattern"
              parse={(value: string) => value}
              slotProps={{ htmlInput: { maxLength: GAME_FIELD_PATTERN_MAX_LENGTH, spellCheck: false } }}
            />
            <SelectChoices />
          </Box>
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}

/** A game: what it is, how the storefront shows it, and the fields its shoppers fill in. */
export function GameForm({ defaultValues, toolbar }: { defaultValues?: Record<string, unknown>; toolbar?: ReactElement }) {
  return (
    <SimpleForm validate={validateGame} defaultValues={defaultValues} toolbar={toolbar} sx={{ gap: 2 }}>
      <FormSection title="resources.games.sections.main">
        <TranslatedTextInput source="title" maxLength={200} isRequired />
        <FormRow>
          <TextInput source="slug" isRequired helperText="resources.games.help.slug" />
          <NumberInput source="sortOrder" step={1} helperText="resources.games.help.sortOrder" />
        </FormRow>
        <BooleanInput source="active" helperText="resources.games.help.active" />
        <BooleanInput source="playerCheck" helperText="resources.games.help.playerCheck" />
      </FormSection>

      <FormSection title="resources.games.sections.storefront">
        <TranslatedTextInput source="description" maxLength={5000} multiline minRows={3} />
        <TextInput source="imageUrl" helperText="resources.games.help.imageUrl" parse={(value: string) => value} />
        <ImageUrlPreview alt="resources.games.image_preview" />
        <TranslatedTextInput source="keywords" maxLength={1000} helperText="resources.games.help.keywords" />
      </FormSection>

      <FormSection title="resources.games.sections.fields">
        <FieldsInput />
      </FormSection>
    </SimpleForm>
  );
}
