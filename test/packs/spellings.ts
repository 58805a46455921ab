// Spellings each pack rule must match and must not (issue 25 part 3): wrappers, quoting, `bash -c`,
// `xargs`, `find -exec`, paths through `..` and `~`. Each line runs in the world of bench/packs.ts: the
// repository is ~/work/repo and the call's folder, so `..` is ~/work (a parent of the repository) and
// `../..` the home folder. `match` lines must be answered deny or ask with the rule's id in the reason
// (the rule is the strongest that fires on them); `nomatch` lines must not name the rule. `preset` is
// where the rule is judged (default when it fires there). File-tool rules are checked in presets.test.ts.

export interface Spellings {
  preset?: "default" | "strict" | "paranoid";
  match: string[];
  nomatch: string[];
}

export const SPELLINGS: Readonly<Record<string, Spellings>> = {
  // --- filesystem ---
  "fs.rm-root": {
    match: ["rm -rf /", "rm -fr /", "rm -r -f /", "rm --recursive --force /", "sudo rm -rf /", "/bin/rm -rf /", "'r''m' -rf /", '"rm" -rf "/"', "env rm -rf /", "timeout 5 rm -rf /", "bash -c 'rm -rf /'", 'sh -c "rm -rf /"', "rm -rf /tmp/../", "cd / && rm -rf .", "echo x; rm -rf / # cleanup", "xargs -a /dev/null rm -rf /"],
    nomatch: ["rm -rf build", "rm -rf ./dist", "echo rm -rf /", "grep 'rm -rf /' notes.md", "ls /", "rm -rf /tmp/x"],
  },
  "fs.rm-home": {
    match: ["rm -rf ~", "rm -rf ~/", "rm -rf $HOME", 'rm -rf "$HOME"', "rm -rf ${HOME}", "rm -rf ../..", "sudo rm -rf ~", "bash -c 'rm -rf ~'", "rm -r -f ../../", "rm -rf /home/someone", "rm -rf /Users/someone"],
    nomatch: ["rm ~/notes.txt", "ls ~", "rm -rf ~/work/repo/build", "echo ~"],
  },
  "fs.rm-home-folder": {
    match: ["rm -rf ~/Documents", "rm -r ~/.ssh", "rm -rf ../../Downloads", "sudo rm -rf ~/.config"],
    nomatch: ["rm -rf ~/.cache", "rm -rf ~/work/repo/tmp", "rm ~/notes.txt"],
  },
  "fs.rm-system": {
    match: ["rm -rf /etc", "rm -f /etc/passwd", "sudo rm -rf /usr/local/lib", "rm -rf /tmp/../etc", "rmdir /boot", "unlink /bin/ls", "bash -c 'rm -rf /usr'", "rm -rf /var"],
    nomatch: ["rm -rf /var/tmp/cache", "ls /etc", "cat /etc/hosts"],
  },
  "fs.rm-repo-parent": {
    match: ["rm -rf ..", "rm -rf ../", "rm -rf ~/work", "cd .. && rm -rf .", "find . -maxdepth 0 -exec rm -rf .. \\;"],
    nomatch: ["rm -rf ../repo/build", "ls ..", "rm ../notes.txt"],
  },
  "fs.rm-repo-root": {
    match: ["rm -rf .", "rm -rf ./", "rm -rf ~/work/repo", "rm -rf ~/work/repo/", "rm -rf ../repo"],
    nomatch: ["rm -rf ./build", "rm -rf src/*.o", "rm -f ."],
  },
  "fs.rm-recursive-outside-repo": {
    match: ["rm -rf ../other", "rm -rf /opt/app/data", "rm -rf ~/work/other-repo", "rm -r /srv/www/site", "rm -rf /var/log/app"],
    nomatch: ["rm -rf /tmp/build", "rm -rf /var/tmp/x", "rm -rf build", "rm -rf /tmp"],
  },
  "fs.rm-outside-repo": {
    preset: "strict",
    match: ["rm ../notes.txt", "rm -f /opt/app/config.yml", "unlink ~/work/other/file"],
    nomatch: ["rm notes.txt", "rm -f /tmp/x", "rm /dev/null"],
  },
  "fs.find-delete": {
    match: ["find / -name '*.log' -delete", "find ~ -delete", "find /etc -type f -delete", "sudo find .. -delete"],
    nomatch: ["find . -delete", "find . -name '*.pyc' -delete", "find / -name x", "find /tmp -delete"],
  },
  "fs.find-exec": {
    match: ["find / -exec chmod 777 {} \\;", "find ~ -type f -exec cat {} +", "find /etc -exec ls {} \\;"],
    nomatch: ["find . -exec cat {} \\;", "find / -name x -print"],
  },
  "fs.find-delete-repo": {
    match: ["find . -delete", "find . -name '*.pyc' -delete", "find -delete", "busybox find . -delete", "echo ok | xargs find . -delete", "find ~/work/repo -type f -delete", "bash -c 'find . -depth -delete'"],
    nomatch: ["find src -name '*.o' -delete", "find . -name -delete -print", "find . -gid -delete -print", "find . -exec echo -delete \\;", "find . -name foo"],
  },
  "fs.rm-recursive-unknown": {
    match: ['rm -rf "$DIR/"', "rm -rf \"$OUT/x\"", "echo / | xargs rm -rf", "find . -exec rm -rf {} \\;", "find . -exec sudo rm -r {} +", "rm -r ~someone/x", "sudo rm -rf \"$OUT/y\""],
    nomatch: ["rm -f $X", "rm -rf build", 'rm -rf "$TMPDIR/build"', "rm -rf $HOME/work/repo/build", "find . -exec rm -f {} \\;"],
  },
  "fs.inline-rmtree": {
    match: ["python3 -c 'import shutil; shutil.rmtree(\"/srv/data\")'", "ruby -e 'require \"fileutils\"; FileUtils.rm_rf(\"x\")'", "node -e 'require(\"fs\").rmSync(\"x\", { recursive: true })'", "sudo python3 -c 'import shutil; shutil.rmtree(\"/srv\")'", "echo x | xargs python3 -c 'import shutil; shutil.rmtree(\"d\")'"],
    nomatch: ["python3 -c 'print(1)'", "node -e 'require(\"fs\").rmSync(\"x\")'", "python3 script.py"],
  },
  "fs.find-delete-outside-repo": {
    match: ["find ../other -delete", "find /opt/app -name '*.tmp' -delete", "find /tmp -depth -delete", "find /var/tmp/ -delete"],
    nomatch: ["find . -delete", "find /tmp/build -delete", "find /var/tmp/cache -name '*.tmp' -delete", "find ../other -name x"],
  },
  "fs.chmod-recursive": {
    match: ["chmod -R 777 /", "chmod -R 700 ~", "sudo chown -R me:me /usr", "chown -R nobody ..", "chmod --recursive a+w /etc"],
    nomatch: ["chmod -R 755 ./scripts", "chmod +x run.sh", "chown -R me ./build"],
  },
  "fs.chmod-system": {
    match: ["chmod 777 /etc/passwd", "sudo chown root /usr/bin/x", "chmod 4755 /bin/bash"],
    nomatch: ["chmod 644 README.md", "chmod +x ./run.sh"],
  },
  "fs.chmod-outside-repo": {
    preset: "strict",
    match: ["chmod -R 777 ../other", "chown -R me /opt/app"],
    nomatch: ["chmod -R 755 ./bin", "chmod -R 777 /tmp/x"],
  },
  "fs.dd-device": {
    match: ["dd if=/dev/zero of=/dev/sda", "dd if=image.iso of=/dev/disk2 bs=4m", "sudo dd if=/dev/urandom of=/dev/nvme0n1", "bash -c 'dd if=x of=/dev/sdb'"],
    nomatch: ["dd if=/dev/zero of=./disk.img bs=1M count=10", "dd if=/dev/sda of=./backup.img", "dd if=x of=/dev/null"],
  },
  "fs.mkfs": {
    match: ["mkfs.ext4 /dev/sda1", "mkfs -t ext4 /dev/sdb", "sudo wipefs -a /dev/sda", "mkswap /dev/sda2", "sfdisk /dev/sda < layout"],
    nomatch: ["mkfs.ext4 ./disk.img", "ls /dev"],
  },
  "fs.diskutil-erase": {
    match: ["diskutil eraseDisk APFS X disk2", "sudo diskutil zeroDisk disk3"],
    nomatch: ["diskutil list", "diskutil info disk0"],
  },
  "fs.shred-device": {
    match: ["shred -n 3 /dev/sda", "sudo shred -vz /dev/nvme0n1"],
    nomatch: ["shred -u ./secret.tmp"],
  },
  "fs.shred-outside-repo": {
    match: ["shred -u ../notes.txt", "shred ~/.bash_history"],
    nomatch: ["shred -u ./tmp.key"],
  },
  "fs.rsync-delete": {
    match: ["rsync -a --delete src/ /backup/", "rsync -av --delete-after ./ host:/srv/", "rsync -a --remove-source-files a/ b/", "rsync -a --del ./ ../mirror/"],
    nomatch: ["rsync -a src/ /backup/", "rsync -av ./ host:/srv/"],
  },
  "fs.mv-system": {
    match: ["mv ~ /tmp/x", "mv /etc /etc.bak", "sudo mv x /usr/bin/ls", "mv .. /tmp/y", "mv ./a /", "mv notes.txt ../"],
    nomatch: ["mv a.txt b.txt", "mv build /tmp/old-build"],
  },
  "fs.mv-outside-repo": {
    preset: "strict",
    match: ["mv ../other/a ./", "mv x /opt/app/"],
    nomatch: ["mv a b", "mv x /tmp/y"],
  },
  "fs.truncate-system": {
    match: ["truncate -s 0 /etc/hosts", "sudo truncate --size 0 /etc/fstab"],
    nomatch: ["truncate -s 0 ./app.log"],
  },
  "fs.truncate-outside-repo": {
    preset: "strict",
    match: ["truncate -s 0 ../other/log.txt", "truncate -s 0 ~/.bash_history"],
    nomatch: ["truncate -s 0 app.log", "truncate -s 0 /tmp/x.log"],
  },
  "fs.tee-system": {
    match: ["echo x | sudo tee /etc/hosts", "cat img | tee /dev/sda", "echo 1 | tee -a /etc/sudoers"],
    nomatch: ["echo x | tee out.log", "echo x | tee /dev/null"],
  },
  "fs.redirect-system": {
    match: ["echo x > /etc/passwd", "cat img > /dev/sda", "echo 'alias x=y' >> /etc/bash.bashrc", "bash -c 'echo x > /etc/hosts'", "printf x >/usr/lib/os-release"],
    nomatch: ["echo x > out.txt", "echo x > /dev/null", "echo x 2>/dev/null", "cat /etc/hosts"],
  },
  "fs.redirect-outside-repo": {
    preset: "strict",
    match: ["echo x > ../other.txt", "echo x >> ~/notes.txt", "cat a > /opt/app/config"],
    nomatch: ["echo x > out.txt", "echo x > /tmp/x", "echo x > /dev/stderr"],
  },

  // --- databases ---
  "db.sql-drop": {
    match: ["psql -c 'DROP DATABASE prod'", "psql -h db -U app -c 'drop table users;'", "mysql -u root -e 'TRUNCATE TABLE users'", "psql --command='DROP SCHEMA public CASCADE'", "bash -c \"psql -c 'DROP TABLE x'\"", "psql -c 'SELECT 1; DROP TABLE users'", "clickhouse-client --query 'DROP TABLE t'"],
    nomatch: ["psql -c 'SELECT * FROM users'", "mysql -e 'SHOW TABLES'", "psql -c \"SELECT 'DROP TABLE x'\" -c 'SELECT 1' -d drop"],
  },
  "db.sql-drop-operand": {
    match: ["sqlite3 my.db 'DROP TABLE users'", "sqlite3 -cmd 'DROP TABLE users' my.db", "duckdb my.db 'TRUNCATE t'"],
    nomatch: ["sqlite3 my.db '.tables'", "sqlite3 -safe my.db 'DROP TABLE users'", "sqlite3 my.db 'SELECT 1'"],
  },
  "db.sql-delete-all": {
    match: ["psql -c 'DELETE FROM users'", "mysql -e 'UPDATE users SET admin=1'", "psql -c 'delete from public.users;'"],
    nomatch: ["psql -c 'DELETE FROM users WHERE id = 1'", "mysql -e 'UPDATE users SET a=1 WHERE id=2'"],
  },
  "db.sql-delete-all-operand": {
    match: ["sqlite3 app.db 'DELETE FROM sessions'", "duckdb x.db 'UPDATE t SET a = 1'"],
    nomatch: ["sqlite3 app.db 'DELETE FROM sessions WHERE id=1'"],
  },
  "db.sql-alter": {
    preset: "strict",
    match: ["psql -c 'ALTER TABLE users DROP COLUMN email'", "mysql -e 'DELETE FROM t WHERE id=1'"],
    nomatch: ["psql -c 'SELECT 1'"],
  },
  "db.mongo-drop": {
    match: ["mongosh --eval 'db.dropDatabase()'", "mongosh prod --eval 'db.users.drop()'", "mongo --eval 'db.users.deleteMany({})'"],
    nomatch: ["mongosh --eval 'db.users.find()'", "mongosh --eval 'db.users.deleteMany({a: 1})'"],
  },
  "db.redis-flush": {
    match: ["redis-cli FLUSHALL", "redis-cli -h cache -p 6380 flushdb", "redis-cli -n 2 FLUSHDB ASYNC", "valkey-cli flushall"],
    nomatch: ["redis-cli GET key", "redis-cli KEYS '*'"],
  },
  "db.dropdb": { match: ["dropdb prod", "dropdb -h db -U postgres app"], nomatch: ["createdb app"] },
  "db.mysqladmin-drop": { match: ["mysqladmin drop app", "mysqladmin -u root -f drop app"], nomatch: ["mysqladmin status"] },
  "db.rails-reset": {
    match: ["rails db:drop", "bin/rails db:reset", "bundle exec rake db:schema:load", "rake db:drop:all"],
    nomatch: ["rails db:migrate", "rails db:rollback", "rails console"],
  },
  "db.django-flush": {
    match: ["python manage.py flush --noinput", "./manage.py flush", "python3 manage.py reset_db"],
    nomatch: ["python manage.py migrate", "python manage.py runserver", "python manage.py sqlflush"],
  },
  "db.artisan-fresh": {
    match: ["php artisan migrate:fresh --seed", "php artisan db:wipe", "php artisan migrate:refresh"],
    nomatch: ["php artisan migrate", "php artisan serve"],
  },
  "db.prisma-reset": {
    match: ["npx prisma db push --force-reset", "prisma db push --accept-data-loss"],
    nomatch: ["npx prisma db push", "prisma generate"],
  },
  "db.prisma-migrate-reset": { match: ["prisma migrate reset", "pnpm exec prisma migrate reset"], nomatch: ["prisma migrate dev", "prisma migrate deploy"] },
  "db.migrate-down-all": {
    match: ["alembic downgrade base", "supabase db reset", "npx sequelize-cli db:migrate:undo:all", "flyway clean", "typeorm schema:drop"],
    nomatch: ["alembic upgrade head", "flyway migrate", "supabase start"],
  },

  // --- containers and clusters ---
  "k8s.delete-namespace": {
    match: ["kubectl delete ns prod", "kubectl delete namespace prod", "kubectl --context prod delete namespaces staging", "kubectl delete namespace/prod", "oc delete project app", "sudo kubectl -n x delete ns y"],
    nomatch: ["kubectl get ns", "kubectl create namespace dev", "kubectl -n prod get pods"],
  },
  "k8s.delete-all": {
    match: ["kubectl delete pods --all", "kubectl delete deploy --all -n prod", "kubectl delete pods -A --field-selector status.phase=Failed"],
    nomatch: ["kubectl get pods --all-namespaces", "kubectl get all -A"],
  },
  "k8s.delete-all-kinds": {
    match: ["kubectl delete all -l app=x", "kubectl delete pvc data-db-0", "kubectl delete pv pv1", "kubectl delete crd widgets.example.com", "kubectl delete node worker-1"],
    nomatch: ["kubectl get pvc", "kubectl describe node worker-1"],
  },
  "k8s.delete-selector": {
    match: ["kubectl delete pods -l app=web", "kubectl delete deploy --selector tier=cache"],
    nomatch: ["kubectl get pods -l app=web"],
  },
  "k8s.delete": {
    preset: "strict",
    match: ["kubectl delete pod web-1", "kubectl delete -f deploy.yaml", "kubectl -n prod delete svc api"],
    nomatch: ["kubectl get pods", "kubectl apply -f deploy.yaml", "kubectl -n delete get pods"],
  },
  "k8s.drain": {
    match: ["kubectl drain node-1 --force --ignore-daemonsets", "kubectl drain n1 --delete-emptydir-data", "kubectl replace --force -f x.yaml"],
    nomatch: ["kubectl drain node-1 --ignore-daemonsets", "kubectl cordon node-1"],
  },
  "helm.uninstall": {
    match: ["helm uninstall web", "helm delete web -n prod", "helm -n prod uninstall api --wait"],
    nomatch: ["helm list", "helm upgrade web ./chart", "helm uninstall web --dry-run"],
  },
  "docker.system-prune": {
    match: ["docker system prune -af --volumes", "docker system prune --volumes", "podman system prune -a --volumes", "sudo docker system prune --all --force --volumes"],
    nomatch: ["docker system df", "docker system info"],
  },
  "docker.volume-prune": {
    match: ["docker volume prune -f", "docker volume rm pgdata", "podman volume prune", "docker -H tcp://h:2375 volume rm data"],
    nomatch: ["docker volume ls", "docker volume create data", "docker volume inspect data"],
  },
  "docker.system-reset": { match: ["podman system reset", "podman system reset --force"], nomatch: ["podman system info"] },
  "docker.prune": {
    match: ["docker system prune -af", "docker image prune -a", "docker container prune", "docker builder prune -af", "podman image prune"],
    nomatch: ["docker images", "docker ps -a"],
  },
  "docker.rm-force": {
    match: ["docker rm -f web", "docker rmi -f img:1", "docker rm --force $(docker ps -aq)", "podman rm -f c1"],
    nomatch: ["docker rm web", "docker run --rm alpine echo hi"],
  },
  "compose.down-volumes": {
    match: ["docker compose down -v", "docker compose down --volumes", "docker compose -f prod.yml down -v", "podman compose down -v"],
    nomatch: ["docker compose down", "docker compose up -d", "docker compose -f v.yml down"],
  },
  "compose.down-volumes-v1": { match: ["docker-compose down -v", "docker-compose -f x.yml down --volumes"], nomatch: ["docker-compose down", "docker-compose up"] },

  // --- cloud and infrastructure ---
  "iac.terraform-destroy": {
    match: ["terraform destroy", "terraform destroy -auto-approve", "terraform -chdir=infra destroy", "tofu destroy", "terragrunt destroy", "bash -c 'terraform destroy -auto-approve'"],
    nomatch: ["terraform plan -destroy", "terraform plan", "terraform init"],
  },
  "iac.terraform-apply-destroy": { match: ["terraform apply -destroy", "tofu apply -destroy -auto-approve"], nomatch: ["terraform apply"] },
  "iac.terraform-auto-approve": {
    match: ["terraform apply -auto-approve", "tofu apply -auto-approve tfplan", "terraform -chdir=infra apply -auto-approve"],
    nomatch: ["terraform apply", "terraform apply tfplan", "terraform plan -out tfplan"],
  },
  "iac.terraform-auto-approve-long": { match: ["terraform apply --auto-approve"], nomatch: ["terraform apply --help"] },
  "iac.terraform-state-rm": {
    preset: "strict",
    match: ["terraform state rm aws_instance.web", "terraform workspace delete dev", "terraform force-unlock 1234"],
    nomatch: ["terraform state list", "terraform workspace list"],
  },
  "iac.pulumi-destroy": { match: ["pulumi destroy", "pulumi destroy --yes -s prod", "pulumi -C infra destroy -y"], nomatch: ["pulumi preview", "pulumi stack ls"] },
  "iac.pulumi-stack-rm": { match: ["pulumi stack rm dev", "pulumi stack rm dev --force"], nomatch: ["pulumi stack ls"] },
  "iac.pulumi-up-yes": { preset: "strict", match: ["pulumi up --yes", "pulumi up -y -s prod"], nomatch: ["pulumi up", "pulumi preview"] },
  "iac.cdk-destroy": { match: ["cdk destroy", "npx cdk destroy --force", "serverless remove --stage prod"], nomatch: ["cdk synth", "cdk diff"] },
  "storage.rclone-delete": {
    match: ["rclone purge remote:bucket/old", "rclone delete remote:logs --min-age 30d", "rclone rmdir remote:important-bucket/old", "env RCLONE_CONFIG=x rclone purge r:b", "bash -c 'rclone purge r:b'"],
    nomatch: ["rclone ls remote:bucket", "rclone delete remote:logs --dry-run", "rclone copy /src remote:b"],
  },
  "storage.rclone-sync": {
    preset: "strict",
    match: ["rclone sync /src remote:bucket"],
    nomatch: ["rclone sync /src remote:bucket --dry-run", "rclone copy /src remote:bucket"],
  },
  "aws.s3-rm-recursive": {
    match: ["aws s3 rm s3://bucket --recursive", "aws --profile prod s3 rm s3://b/logs/ --recursive", "aws s3 rm --recursive s3://b"],
    nomatch: ["aws s3 ls s3://bucket --recursive", "aws s3 cp a s3://b/a"],
  },
  "aws.s3-rb-force": { match: ["aws s3 rb s3://bucket --force", "aws --region us-east-1 s3 rb --force s3://b"], nomatch: ["aws s3 mb s3://bucket"] },
  "aws.s3-sync-delete": { match: ["aws s3 sync ./site s3://b --delete", "aws s3 sync s3://a s3://b --delete"], nomatch: ["aws s3 sync ./site s3://b", "aws s3 sync . s3://b --delete --dryrun"] },
  "aws.s3-delete": { preset: "strict", match: ["aws s3 rm s3://bucket/key.txt", "aws s3 rb s3://bucket"], nomatch: ["aws s3 ls", "aws s3 rm s3://b/k --dryrun"] },
  "aws.terminate": {
    match: ["aws iam delete-access-key --access-key-id AKIA", "aws s3api delete-object --bucket b --key k", "aws --region eu-west-1 lambda delete-function --function-name f", "aws sqs purge-queue --queue-url u"],
    nomatch: ["aws ec2 describe-instances", "aws sts get-caller-identity", "aws s3api list-objects --bucket delete-me"],
  },
  "aws.terminate-core": {
    match: ["aws ec2 terminate-instances --instance-ids i-1", "aws rds delete-db-instance --db-instance-identifier prod", "aws --profile p cloudformation delete-stack --stack-name s", "aws dynamodb delete-table --table-name t"],
    nomatch: ["aws ec2 describe-instances", "aws rds describe-db-instances"],
  },
  "gcp.delete": {
    match: ["gcloud run services delete api", "gcloud pubsub topics delete t", "gcloud --project p functions delete f"],
    nomatch: ["gcloud compute instances list", "gcloud config set project p"],
  },
  "gcp.projects-delete": {
    match: ["gcloud projects delete my-proj", "gcloud compute instances delete vm1 --zone z", "gcloud sql instances delete db", "gcloud container clusters delete c1"],
    nomatch: ["gcloud projects list", "gcloud sql instances describe db"],
  },
  "gcp.storage-rm-recursive": { match: ["gsutil rm -r gs://bucket", "gsutil -m rm -r gs://b/logs", "gcloud storage rm --recursive gs://b"], nomatch: ["gsutil ls gs://b", "gsutil cp a gs://b"] },
  "gcp.gsutil-rm": { preset: "strict", match: ["gsutil rm gs://b/k", "gsutil rb gs://b"], nomatch: ["gsutil ls"] },
  "az.group-delete": { match: ["az group delete -n rg --yes", "az aks delete -g rg -n c", "az storage account delete -n acct"], nomatch: ["az group list", "az aks show -g rg -n c"] },
  "az.delete": { match: ["az storage blob delete -c x -n y", "az webapp delete -g rg -n app", "az acr repository untag --name r --image i:t"], nomatch: ["az vm list", "az account show"] },

  // --- publishing ---
  "publish.npm": {
    match: ["npm publish", "npm publish --access public", "pnpm publish", "yarn npm publish", "npm unpublish pkg@1.0.0", "bun publish"],
    nomatch: ["npm publish --dry-run", "npm pack", "npm run publish-docs", "npm test"],
  },
  "publish.cargo": { match: ["cargo publish", "cargo publish -p core", "cargo yank --version 1.0.0"], nomatch: ["cargo publish --dry-run", "cargo build", "cargo owner --list"] },
  "publish.python": { match: ["twine upload dist/pkg-1.0.tar.gz", "poetry publish --build", "uv publish"], nomatch: ["poetry build", "uv build", "twine check dist/pkg-1.0.tar.gz"] },
  "publish.gem": { match: ["gem push pkg-1.0.gem", "pod trunk push X.podspec"], nomatch: ["gem build x.gemspec", "gem install rails"] },
  "publish.gh-release": {
    match: ["gh release create v1.0.0", "gh release create v1 --notes x dist/app.tgz", "gh release upload v1 a.tgz"],
    nomatch: ["gh release create v1 --draft", "gh release list", "gh release view v1"],
  },
  "publish.docker-push": { match: ["docker push img:1", "docker image push img", "podman push img", "docker compose push"], nomatch: ["docker pull img", "docker build -t img ."] },
  "publish.docker-build-push": { match: ["docker buildx build --push -t img .", "docker build --push -t img ."], nomatch: ["docker buildx build --load -t img ."] },
  "publish.helm-push": { match: ["helm push chart-1.0.tgz oci://r/c"], nomatch: ["helm package ./chart"] },
  "publish.vsce": { match: ["vsce publish", "npx ovsx publish x.vsix"], nomatch: ["vsce package"] },

  // --- secrets ---
  "secrets.read-credentials": {
    match: ["cat ~/.ssh/id_rsa", "cat ~/.ssh/id_ed25519", "less $HOME/.aws/credentials", "grep token ~/.npmrc", "cat ~/.netrc", "cp ~/.kube/config /tmp/k", "base64 ~/.docker/config.json", "bash -c 'cat ~/.ssh/id_rsa'", "cat ../../.ssh/id_rsa", "rg key ~/.ssh", "sudo cat /etc/shadow", "tar czf k.tgz ~/.gnupg"],
    nomatch: ["cat ~/.ssh/id_rsa.pub", "cat ~/.ssh/config", "cat README.md", "ssh-keygen -y -f ~/.ssh/id_rsa", "ls ~/.ssh"],
  },
  "secrets.inline-code": {
    match: ["python3 -c \"print(open('.env').read())\"", "ruby -e 'puts File.read(\".env.production\")'", "node -e \"require('fs').readFileSync(require('os').homedir() + '/.aws/credentials')\"", "bash -c \"python3 -c 'open(\\\".env\\\")'\""],
    nomatch: ["python3 -c \"print(open('.env.example').read())\"", "node -e \"require('dotenv').config()\"", "python3 -c 'print(1)'"],
  },
  "secrets.read-private-key": {
    match: ["strings deploy/id_ed25519", "cat id_rsa", "base64 ./keys/id_ecdsa"],
    nomatch: ["cat deploy/id_rsa.pub", "cat id_rsa_notes.md"],
  },
  "secrets.grep-private-key": {
    match: ["grep -r foo id_rsa", "rg BEGIN keys/id_ed25519"],
    nomatch: ["rg id_rsa docs/", "grep -rn id_rsa src", "rg -C 3 id_rsa src/"],
  },
  "secrets.read-credentials-pattern-file": {
    match: ["rg -f ~/.ssh/id_rsa src", "grep -f ~/.aws/credentials -r .", "grep --file ~/.netrc notes.txt"],
    nomatch: ["grep -f patterns.txt src", "rg -e token src"],
  },
  "secrets.keychain": {
    match: ["security find-generic-password -s github -w", "security find-internet-password -g -s host", "security dump-keychain -d login.keychain"],
    nomatch: ["security find-generic-password -s github", "security list-keychains"],
  },
  "secrets.secret-tool": { preset: "strict", match: ["secret-tool lookup service x", "pass show email/work", "op read op://vault/item/password"], nomatch: ["op item list", "pass ls"] },
  "secrets.print-token": { preset: "strict", match: ["gh auth token", "gcloud auth print-access-token", "aws configure export-credentials"], nomatch: ["gh auth status", "gcloud auth list"] },
  "secrets.kube-config-raw": { match: ["kubectl config view --raw", "kubectl config view --flatten --minify"], nomatch: ["kubectl config view", "kubectl config current-context"] },
  "secrets.env-dump": { preset: "strict", match: ["printenv", "export -p", "declare -p"], nomatch: ["printenv HOME", "export FOO=1", "declare -f"] },
  "secrets.set-dump": { preset: "strict", match: ["set"], nomatch: ["set -e", "set -euo pipefail", "set +x"] },
};
