import { DeleteWithConfirmButton, SaveButton, Toolbar, type DeleteWithConfirmButtonProps } from 'react-admin';

/** An edit form's toolbar: save, and on the far side delete (pessimistic, so a refusal shows the API's message). */
export function SaveDeleteToolbar(deleteProps: Omit<DeleteWithConfirmButtonProps, 'mutationMode'>) {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteWithConfirmButton {...deleteProps} mutationMode="pessimistic" />
    </Toolbar>
  );
}
