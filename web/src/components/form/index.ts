export { CheckboxInput } from './CheckboxInput';
export { Form } from './Form';
export { FormDialog } from './FormDialog';
export { PasswordInput } from './PasswordInput';
export { SelectInput, type SelectInputProps } from './SelectInput';
export { TextInput, type TextInputProps } from './TextInput';
export { SubmitButton } from './SubmitButton';
