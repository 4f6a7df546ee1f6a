// Element Plus sign-up form: inputs named by form-item labels, a button-style radio group, a select
// and a checkbox whose native inputs are hidden inside their labels.
import { reactive, ref } from 'vue';
import { useEvalState } from '../shared/vue.js';
import { Shell } from './shell.js';

/** The sign-up page. */
export const SignupPage = {
  components: { Shell },
  setup() {
    const form = reactive({ username: '', email: '', plan: 'free', country: 'fr', terms: false });
    const submitted = ref(null);
    useEvalState(() => ({ ...form, submitted: submitted.value }));
    return { form, submit: () => (submitted.value = { ...form }) };
  },
  template: `
    <Shell title="Create account" active="users">
      <el-form :model="form" label-position="top" @submit.prevent="submit">
        <el-form-item label="Username"><el-input v-model="form.username" /></el-form-item>
        <el-form-item label="Email"><el-input v-model="form.email" placeholder="name@company.com" /></el-form-item>
        <el-form-item label="Plan">
          <el-radio-group v-model="form.plan">
            <el-radio-button value="free">Free</el-radio-button>
            <el-radio-button value="pro">Pro</el-radio-button>
            <el-radio-button value="team">Team</el-radio-button>
          </el-radio-group>
        </el-form-item>
        <el-form-item label="Country">
          <el-select v-model="form.country" style="width: 240px">
            <el-option value="fr" label="France" />
            <el-option value="de" label="Germany" />
            <el-option value="it" label="Italy" />
          </el-select>
        </el-form-item>
        <el-form-item><el-checkbox v-model="form.terms">I accept the terms of service</el-checkbox></el-form-item>
        <el-button type="primary" native-type="submit">Create account</el-button>
      </el-form>
    </Shell>`,
};
