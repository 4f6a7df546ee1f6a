// Element Plus settings form: a switch, a checkbox group, plain radios, a number input and a date
// picker opened on March 2025.
import { reactive, ref } from 'vue';
import { useEvalState } from '../shared/vue.js';
import { Shell } from './shell.js';

/** The settings page. */
export const SettingsPage = {
  components: { Shell },
  setup() {
    const form = reactive({ darkMode: false, channels: ['email'], language: 'en', pageSize: 20, startDate: '' });
    const submitted = ref(null);
    const snapshot = () => ({ ...form, channels: [...form.channels].sort() });
    useEvalState(() => ({ ...snapshot(), submitted: submitted.value }));
    return { form, defaultDate: new Date(2025, 2, 1), submit: () => (submitted.value = snapshot()) };
  },
  template: `
    <Shell title="Workspace settings" active="settings">
      <el-form :model="form" label-position="top" @submit.prevent="submit">
        <el-form-item label="Dark mode"><el-switch v-model="form.darkMode" /></el-form-item>
        <el-form-item label="Alert channels">
          <el-checkbox-group v-model="form.channels">
            <el-checkbox value="email">Email</el-checkbox>
            <el-checkbox value="sms">SMS</el-checkbox>
            <el-checkbox value="push">Push</el-checkbox>
          </el-checkbox-group>
        </el-form-item>
        <el-form-item label="Language">
          <el-radio-group v-model="form.language">
            <el-radio value="en">English</el-radio>
            <el-radio value="de">Deutsch</el-radio>
            <el-radio value="fr">Français</el-radio>
          </el-radio-group>
        </el-form-item>
        <el-form-item label="Items per page"><el-input-number v-model="form.pageSize" :min="10" :max="100" /></el-form-item>
        <el-form-item label="Start date">
          <el-date-picker v-model="form.startDate" type="date" value-format="YYYY-MM-DD" :default-value="defaultDate" placeholder="Pick a day" />
        </el-form-item>
        <el-button type="primary" native-type="submit">Save settings</el-button>
      </el-form>
    </Shell>`,
};
