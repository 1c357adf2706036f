import Field from '../../ui/Field.tsx';
import { emptySection, type Errors, removeAt, replaceAt, type Section } from './editor-state.ts';
import { TextAreaField } from './fields.tsx';
import { GroupIssues, type Issues } from './issues.tsx';

export default function SectionsEditor(
  { sections, errors, issues, onChange }: {
    sections: Section[];
    errors: Errors;
    issues?: Issues;
    onChange: (sections: Section[]) => void;
  },
) {
  return (
    <fieldset className='group'>
      <legend>Sections</legend>
      <GroupIssues issues={issues} field='sections' />
      {errors.sections && (
        <p className='field-error' role='alert'>
          {errors.sections}
        </p>
      )}
      {sections.map((section, i) => (
        <SectionEditor
          key={i}
          number={i + 1}
          section={section}
          errors={errors}
          onChange={(patch) => onChange(replaceAt(sections, i, { ...section, ...patch }))}
          onRemove={sections.length > 1 ? () => onChange(removeAt(sections, i)) : undefined}
        />
      ))}
      <button type='button' className='btn btn-outline' onClick={() => onChange([...sections, emptySection()])}>
        Add section
      </button>
    </fieldset>
  );
}

function SectionEditor({ number, section, errors, onChange, onRemove }: {
  number: number;
  section: Section;
  errors: Errors;
  onChange: (patch: Partial<Section>) => void;
  onRemove?: () => void;
}) {
  const name = `Section ${number}`;
  const error = (part: keyof Section) => errors[`sections.${number - 1}.${part}`];
  return (
    <div className='item card'>
      <h3>{name}</h3>
      <Field
        label={`${name} header`}
        error={error('header')}
        value={section.header ?? ''}
        onChange={(e) => onChange({ header: e.target.value })}
      />
      <Field
        label={`${name} subheader`}
        error={error('subheader')}
        value={section.subheader ?? ''}
        onChange={(e) => onChange({ subheader: e.target.value })}
      />
      <TextAreaField
        label={`${name} content`}
        hint='Markdown: **bold**, *italic*, lines starting with - are bullets.'
        rows={8}
        error={error('content')}
        value={section.content}
        onChange={(content) => onChange({ content })}
      />
      {onRemove && (
        <button type='button' className='btn btn-ghost' onClick={onRemove}>
          Remove section {number}
        </button>
      )}
    </div>
  );
}
