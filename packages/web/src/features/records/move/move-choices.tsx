type Props<T extends string> = {
  id: string;
  label: string;
  choices: readonly (readonly [T, string])[];
  value: T;
  onChange: (value: T) => void;
};

/** A labelled column of radio buttons, laid out as the form's fields (the target rule, the partition). */
export function MoveChoices<T extends string>({ id, label, choices, value, onChange }: Props<T>) {
  return (
    <div className="form-field" role="radiogroup" aria-labelledby={id}>
      <span className="form-field__label" id={id}>
        {label}
      </span>
      <div className="form-field__control move-form__choices">
        {choices.map(([choice, text]) => (
          <label key={choice} className="filter-bar__check">
            <input type="radio" name={id} checked={value === choice} onChange={() => onChange(choice)} />
            {text}
          </label>
        ))}
      </div>
    </div>
  );
}
